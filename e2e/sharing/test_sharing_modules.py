"""The sharing modules run in the browser without a server answer: the reservation keys a friend's
browser keeps (per link, surviving unreadable storage), how a reservation reads, and the share
form's fields as the API takes them."""

from module_harness import page  # noqa: F401 (a fixture)


def test_reservation_keys_are_kept_per_link_and_forgotten_by_key(page):
    result = page(
        "js/sharing/reservation-keys.js",
        """
        localStorage.clear();
        const first = new module.ReservationKeys("tokenA");
        const other = new module.ReservationKeys("tokenB");
        first.remember("w1", "k1");
        first.remember("w2", "k2");
        other.remember("w1", "k9");
        const before = { a: first.all(), b: other.all() };
        first.forgetKeys(["k1", "unknown"]);
        const afterGone = first.all();
        first.forget("w2");
        const stored = localStorage.getItem("wishlist.reservations.tokenA");
        localStorage.setItem("wishlist.reservations.tokenB", "not json");
        return { before, afterGone, stored, broken: other.all(), key: other.keyOf("w1") };
        """,
    )
    assert result == {
        "before": {"a": {"w1": "k1", "w2": "k2"}, "b": {"w1": "k9"}},
        "afterGone": {"w2": "k2"},
        "stored": None,
        "broken": {},
        "key": None,
    }


def test_a_reservation_reads_as_yours_as_named_or_as_reserved(page, catalogs):
    en = catalogs["en"]
    result = page(
        "js/sharing/reservation-text.js",
        """
        const text = (wish, key) => module.reservationText(wish, key);
        return [
          text({ reserved: false }, null),
          text({}, "k"),
          text({ reserved: true }, "k"),
          text({ reserved: true, reservedBy: "Mi" }, null),
          text({ reserved: true }, null),
        ];
        """,
    )
    assert result == [
        None,
        None,
        {"text": en["sharedList.reservedByYou"], "mine": True},
        {"text": en["sharedList.reservedBy"].replace("{name}", "Mi"), "mine": False},
        {"text": en["sharedList.reserved"], "mine": False},
    ]


def test_share_fields_default_to_places_hidden_and_read_as_the_api_takes_them(page):
    result = page(
        "js/sharing/share-fields.js",
        """
        const form = document.createElement("form");
        form.innerHTML = module.shareFieldsMarkup("t");
        document.body.append(form);
        module.fillShareFields(form, { ...module.NEW_SHARE, title: "  Birthday " });
        const defaults = module.readShareFields(form);
        form.elements.expiry.value = "7";
        const week = module.readShareFields(form);
        module.fillShareFields(form, { ...module.NEW_SHARE, title: "B", expiresAt: "2030-01-02T00:00:00.000Z" });
        const kept = module.readShareFields(form);
        const keepShown = !form.querySelector('[data-role="keep"]').hidden;
        form.remove();
        return { defaults, weekDays: (Date.parse(week.expiresAt) - Date.now()) / 86400000, kept, keepShown };
        """,
    )
    assert result["defaults"] == {
        "title": "Birthday",
        "showMemos": True,
        "showPrices": True,
        "showPlaces": False,
        "allowReservations": True,
        "expiresAt": None,
    }
    assert 6.99 < result["weekDays"] <= 7
    assert "expiresAt" not in result["kept"] and result["keepShown"]
