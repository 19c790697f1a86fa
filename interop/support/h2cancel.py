"""An HTTP/2 client (h2c, prior knowledge) that goes away early, the way h2load does at the end
of a run or a browser when the user navigates on: it opens streams, cancels half of them with
RST_STREAM (CANCEL) once their first DATA frame arrives, and closes the connection while the
other half are still being sent."""
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from h2.config import H2Configuration
from h2.connection import H2Connection
from h2.errors import ErrorCodes
from h2.exceptions import ProtocolError
from h2.events import ConnectionTerminated, DataReceived, ResponseReceived, StreamEnded, StreamReset
from h2.settings import SettingCodes

# windows large enough that the server never waits for flow control: a write blocked on it
# would wait for Tomcat's stream write timeout (20 s) once the connection is gone
WINDOW = (1 << 31) - 1


@dataclass
class Outcome:
    answered: int = 0
    """streams whose response headers arrived: the server took them on"""
    cancelled: int = 0
    """streams reset by this client after their first DATA frame"""


def cancel_early(base_url: str, path: str, accept_encoding: str, streams: int = 10) -> Outcome:
    """Runs one connection with the given number of streams."""
    url = urlsplit(base_url)
    connection = H2Connection(H2Configuration(client_side=True))
    outcome = Outcome()
    with socket.create_connection((url.hostname, url.port), timeout=30) as sock:
        connection.initiate_connection()
        connection.update_settings({SettingCodes.INITIAL_WINDOW_SIZE: WINDOW})
        connection.increment_flow_control_window(WINDOW - 65535)
        waiting = set()
        for index in range(streams):
            stream_id = connection.get_next_available_stream_id()
            connection.send_headers(stream_id, [(":method", "GET"), (":path", path), (":scheme", "http"),
                                                (":authority", url.netloc), ("accept-encoding", accept_encoding)],
                                    end_stream=True)
            waiting.add(stream_id)
        sock.sendall(connection.data_to_send())
        to_cancel = set(sorted(waiting)[::2])
        while waiting:
            try:
                data = sock.recv(65536)
            except OSError:
                break
            if not data:
                break
            try:
                events = connection.receive_data(data)
            except ProtocolError:
                return outcome
            for event in events:
                if isinstance(event, ConnectionTerminated):
                    # Tomcat's overhead protection may end a connection that resets many streams
                    return outcome
                if isinstance(event, ResponseReceived):
                    outcome.answered += 1
                elif isinstance(event, DataReceived) and event.stream_id in waiting:
                    waiting.discard(event.stream_id)
                    if event.stream_id in to_cancel:
                        try:
                            connection.reset_stream(event.stream_id, ErrorCodes.CANCEL)
                        except ProtocolError:
                            # a GOAWAY later in the same read already closed the connection
                            return outcome
                        outcome.cancelled += 1
                elif isinstance(event, (StreamEnded, StreamReset)):
                    waiting.discard(event.stream_id)
            try:
                sock.sendall(connection.data_to_send())
            except OSError:
                break
    return outcome
