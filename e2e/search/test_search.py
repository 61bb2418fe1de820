"""Search that finds more, in a real browser against the real server (W5, K1): memo and link
site matches in their own tab, each tab's total, and a tab paged on past its first 50 results."""

import pytest

from accessibility import by_role, names_of, wait_for_role, wait_until
from flows import category_tab, create_wish, go_to_tab, say, signed_in


def result_names(panel):
    """The names of the cards in a results panel, in order."""
    return names_of(by_role(panel, "link"))


@pytest.mark.cluster_journey
def test_memo_and_site_matches_show_in_their_own_tab_with_their_count(server, browser, catalogs, screenshot):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    create_wish(server, token, name="Birthday present", memo="엄마 가방을 고르기")
    create_wish(server, token, name="Rain coat", link="https://www.musinsa.com/app/goods/7")
    create_wish(server, token, name="Kettle", memo="kitchen")
    go_to_tab(browser, en, "nav.search")
    box = wait_for_role(browser, "searchbox", en["search.label"])

    box.send_keys("가방")  # a word of the memo, without its particle
    by_text = lambda: category_tab(browser, en, "search.byText")  # noqa: E731
    wait_until(browser, lambda: by_text().get_attribute("aria-selected") == "true", "Memo & site not chosen")
    panel = wait_for_role(browser, "tabpanel", by_text().accessible_name)
    wait_for_role(browser, "link", "Birthday present", within=panel)
    assert result_names(panel) == ["Birthday present"]
    assert by_text().accessible_name == f"{en['search.byText']} 1"
    assert category_tab(browser, en, "search.byName").accessible_name == f"{en['search.byName']} 0"
    assert panel.find_element("css selector", ".search-total").text == say(en["search.total"], count="1")
    # The chosen tab is wholly in view on a phone, where six tabs take two rows.
    assert browser.execute_script(
        "const row = arguments[0].parentElement.getBoundingClientRect(), tab = arguments[0].getBoundingClientRect();"
        "return tab.left >= row.left - 1 && tab.right <= row.right + 1;",
        by_text(),
    )
    screenshot("search-memo")

    box.clear()
    box.send_keys("musinsa")  # the link's site, without www.
    wait_until(
        browser, lambda: result_names(wait_for_role(browser, "tabpanel")) == ["Rain coat"], "the site's wish not shown"
    )
    assert by_text().accessible_name == f"{en['search.byText']} 1"


def test_a_tab_pages_past_its_first_results_and_shows_its_total(server, browser, catalogs):
    en = catalogs["en"]
    token = signed_in(server, browser, en)
    names = [f"Lamp {index:02d}" for index in range(1, 61)]
    for name in names:
        create_wish(server, token, name=name)
    go_to_tab(browser, en, "nav.search")
    wait_for_role(browser, "searchbox", en["search.label"]).send_keys("lamp")

    by_name = lambda: category_tab(browser, en, "search.byName")  # noqa: E731
    wait_until(browser, lambda: by_name().accessible_name == f"{en['search.byName']} 60", "the total is not shown")
    panel = wait_for_role(browser, "tabpanel", by_name().accessible_name)
    wait_until(browser, lambda: len(result_names(panel)) >= 50, "the first page is not shown")
    # Scrolling to the end brings the rest, newest first, each once.
    browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until(browser, lambda: len(result_names(panel)) == 60, "the second page is not shown")
    assert result_names(panel) == list(reversed(names))
    assert by_name().accessible_name == f"{en['search.byName']} 60"
