"""What /proc says of a process: whether it still runs, what it runs, the CPU time it has used, and the
processes it started."""

import os
from pathlib import Path


def alive(pid):
    """Whether process `pid` runs: it exists and has not ended (an ended one not yet reaped by its
    parent is a zombie, state "Z")."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def name(pid):
    """The name of the program process `pid` runs (its `comm`); None once it has ended."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return None


def cpu_seconds(pid):
    """The CPU time (user and system) process `pid` has used so far."""
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


def children(pid):
    """The processes that `pid` started and that run still, from each of its threads' `children`."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue  # a thread, or the process, that has just ended
    return found


def descendants(pid):
    """The processes below `pid`: its children, theirs, and so on."""
    found, waiting = [], [pid]
    while waiting:
        below = children(waiting.pop())
        found += below
        waiting += below
    return found
