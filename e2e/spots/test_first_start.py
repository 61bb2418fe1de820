"""The first start of a server imports the bundled K-culture spots (K1), in a child process of its
own binary (`wishlist spots import`), and a later start finds them imported and reads nothing.

The other spots tests start from a copy of a data directory imported once (conftest.py); this
one starts on an empty one, as a person's first `make run` does."""

from conftest import start_server, stop_server
from flows import create_account

IMPORTED = "K-culture spots: "


def test_the_first_start_imports_the_bundled_spots_and_a_later_start_does_not(tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()

    first = start_server(tmp_path, "--spots", "bundled", data_dir=data_dir)
    try:
        log = first.log_path.read_text()
        assert log.count(IMPORTED) == 1, log
        assert "14981 spots" in log, log
        create_account(first, "mina", "a long enough password")
        token = first.token("mina", "a long enough password")
        status, found = first.api("GET", "/spots?q=BTS&limit=1", token=token)
        assert status == 200 and found["items"], (status, found)
    finally:
        stop_server(first)

    again = start_server(tmp_path, "--spots", "bundled", data_dir=data_dir)
    try:
        assert again.log_path.read_text().count(IMPORTED) == 1, "the second start imported the spots again"
    finally:
        stop_server(again)
