package io.restcompress.benchmarks;

import java.util.Collection;

import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * JMH's command line, with the codec benchmark's parameters filled in unless given with
 * {@code -p}: {@code coding} gets every available coding, {@code file} every file of the
 * corpus ({@code -p corpus=DIR}, else the {@code restcompress.corpus} system property, else
 * generated documents).
 */
public final class BenchmarkMain {

	private BenchmarkMain() {
	}

	public static void main(String[] args) throws Exception {
		CommandLineOptions options = new CommandLineOptions(args);
		if (options.shouldHelp() || options.shouldList() || options.shouldListWithParams()
				|| options.shouldListProfilers() || options.shouldListResultFormats()) {
			org.openjdk.jmh.Main.main(args);
			return;
		}
		String corpus = options.getParameter("corpus").hasValue()
				? options.getParameter("corpus").get().iterator().next() : Corpus.fromSystemProperty();
		ChainedOptionsBuilder builder = new OptionsBuilder().parent(options).param("corpus", corpus);
		if (!options.getParameter("coding").hasValue()) {
			builder.param("coding", Codings.available().toArray(String[]::new));
		}
		if (!options.getParameter("file").hasValue()) {
			Collection<String> files = Corpus.files(corpus);
			builder.param("file", files.toArray(String[]::new));
		}
		new Runner(builder.build()).run();
	}

}
