"""Slow clients for bench/run.d/70-slow-clients: COUNT connections to HOST:PORT, each sending a
request's head one byte every INTERVAL seconds (the "slowloris" attack), for SECONDS. Prints how
many were connected at the start and how many the server had closed by the end."""
import socket, sys, time

host, port, count, interval, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
head = b"GET /api/v1/wishes HTTP/1.1\r\nHost: x\r\n" + b"X-Padding: " + b"a" * 4000
sockets, refused = [], 0
for _ in range(count):
    try:
        connection = socket.create_connection((host, port), timeout=5)
        connection.setblocking(False)
        sockets.append(connection)
    except OSError:
        refused += 1
print(f"slow clients: {len(sockets)} connected, {refused} refused", flush=True)
sent, closed, deadline = 0, set(), time.monotonic() + seconds
while time.monotonic() < deadline:
    for index, connection in enumerate(sockets):
        if index in closed:
            continue
        try:
            connection.send(head[sent % len(head):sent % len(head) + 1])
        except OSError:
            closed.add(index)
    sent += 1
    time.sleep(interval)
print(f"slow clients: after {seconds:.0f} s, {len(closed)} of {len(sockets)} closed by the server", flush=True)
