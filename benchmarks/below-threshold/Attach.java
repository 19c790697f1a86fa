import com.sun.tools.attach.VirtualMachine;

/**
 * Loads a native agent into a running JVM: {@code java Attach.java PID LIBRARY OPTIONS}. jcmd's
 * {@code JVMTI.agent_load} cannot pass async-profiler's options, which contain {@code =}.
 */
public class Attach {

	public static void main(String[] args) throws Exception {
		VirtualMachine vm = VirtualMachine.attach(args[0]);
		try {
			vm.loadAgentPath(args[1], args[2]);
		}
		finally {
			vm.detach();
		}
	}

}
