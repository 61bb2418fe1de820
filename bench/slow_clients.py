"""Slow clients (the "slowloris" attack): connections that each send a request's head one byte every
few seconds, so the server holds their sockets open. `SlowClients` is shared by
bench/run.d/70-slow-clients, which runs this file, and e2e/server/test_slow_clients.py, which imports it.

python3 bench/slow_clients.py HOST PORT COUNT INTERVAL SECONDS: COUNT connections to HOST:PORT, each
sending a byte every INTERVAL seconds, for SECONDS. Prints how many were connected at the start and
how many the server had closed by the end."""

import socket
import sys
import time

# Never finished: at a byte every few seconds, the padding alone takes hours.
HEAD = b"GET /api/v1/wishes HTTP/1.1\r\nHost: x\r\n" + b"X-Padding: " + b"a" * 4000


class SlowClients:
    """`count` connections to `host`:`port` that trickle `HEAD`. `sockets` are those that connected,
    `refused` counts those that did not, `closed` holds the indexes (into `sockets`) of the ones a
    send failed on, which the server has closed."""

    def __init__(self, host, port, count):
        self.address = (host, port)
        self.count = count
        self.sockets = []
        self.refused = 0
        self.closed = set()
        self._bytes_sent = 0

    def connect(self):
        for _ in range(self.count):
            try:
                connection = socket.create_connection(self.address, timeout=5)
                # Non-blocking, so one connection whose buffer is full cannot hold up the others.
                connection.setblocking(False)
                self.sockets.append(connection)
            except OSError:
                self.refused += 1

    def local_ports(self):
        """The client-side port of each connection, which is how the server's side names it."""
        return {connection.getsockname()[1] for connection in self.sockets}

    def send_next_byte(self):
        offset = self._bytes_sent % len(HEAD)
        for index, connection in enumerate(self.sockets):
            if index in self.closed:
                continue
            try:
                connection.send(HEAD[offset : offset + 1])
            except OSError:
                self.closed.add(index)
        self._bytes_sent += 1

    def trickle(self, interval, seconds):
        """Sends every open connection its next byte, and again every `interval` seconds, for `seconds`."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.send_next_byte()
            time.sleep(interval)

    def close(self):
        for connection in self.sockets:
            connection.close()


def main(arguments):
    host, port, count = arguments[0], int(arguments[1]), int(arguments[2])
    interval, seconds = float(arguments[3]), float(arguments[4])
    clients = SlowClients(host, port, count)
    clients.connect()
    print(f"slow clients: {len(clients.sockets)} connected, {clients.refused} refused", flush=True)
    clients.trickle(interval, seconds)
    print(
        f"slow clients: after {seconds:.0f} s, {len(clients.closed)} of {len(clients.sockets)} closed by the server",
        flush=True,
    )


if __name__ == "__main__":
    main(sys.argv[1:])
