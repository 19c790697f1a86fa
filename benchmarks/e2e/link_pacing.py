"""Round trips of small messages through the namespace's shaped loopback: shows whether a link
emulated with tc tbf delays a message by its serialization time (see PACED in run.sh).

    ip netns exec NS python3 benchmarks/e2e/link_pacing.py [PORT] [SIZES...]

A server thread answers each 16-byte request (the size asked for, in ASCII) with that many
bytes; the client asks one at a time, 300 times per size with 2 ms between, and prints the
median round trip per size.
"""
import socket
import statistics
import sys
import threading
import time


def serve(listener):
    connection, _ = listener.accept()
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    with connection:
        while True:
            request = connection.recv(16)
            if not request:
                return
            connection.sendall(b"x" * int(request.decode().strip()))


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 25000
    sizes = [int(size) for size in sys.argv[2:]] or [786, 2606]
    listener = socket.create_server(("127.0.0.1", port))
    threading.Thread(target=serve, args=(listener,), daemon=True).start()
    with socket.create_connection(("127.0.0.1", port)) as client:
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for size in sizes:
            times = []
            for _ in range(300):
                start = time.perf_counter()
                client.sendall(b"%16d" % size)
                received = 0
                while received < size:
                    received += len(client.recv(65536))
                times.append(time.perf_counter() - start)
                time.sleep(0.002)
            print(f"{size} bytes: median round trip {statistics.median(times) * 1e6:.1f} us")


if __name__ == "__main__":
    main()
