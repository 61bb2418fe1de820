"""The message catalogs (i18n/en.json and ko.json) against each other: the app falls back to English
for a key Korean lacks, and leaves a placeholder it cannot fill as written, so both would only show
on screen. Every key must be in both, with the same {placeholders}, and never empty."""

import re

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_both_catalogs_have_the_same_keys(catalogs):
    en, ko = catalogs["en"], catalogs["ko"]
    assert sorted(en.keys() - ko.keys()) == [], "missing in ko.json"
    assert sorted(ko.keys() - en.keys()) == [], "missing in en.json"


def test_every_message_has_words_and_the_same_placeholders_in_both(catalogs):
    en, ko = catalogs["en"], catalogs["ko"]
    for key in en.keys() & ko.keys():
        assert en[key].strip() and ko[key].strip(), f"{key} is empty"
        assert set(PLACEHOLDER.findall(en[key])) == set(PLACEHOLDER.findall(ko[key])), key
