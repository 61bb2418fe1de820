"""The message catalogs (i18n/en.json and ko.json) against each other: the app falls back to English
for a key Korean lacks, and leaves a placeholder it cannot fill as written, so both would only show
on screen. Every key must be in both, with the same {placeholders}, and never empty."""

import re

import pytest

from conftest import REPOSITORY

pytestmark = pytest.mark.no_server

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


# Codes only a program can meet: the web app never sends these requests wrong (they check paging,
# map boxes, uploads' shapes, tokens, CSRF), so a person never reads their words.
PROGRAM_ONLY_CODES = {
    "conflicting_credentials",
    "csrf_check_failed",
    "cursor_needs_group",
    "empty_archive",
    "has_photos",
    "invalid_bbox",
    "invalid_crop",
    "invalid_group",
    "invalid_id_prefix",
    "invalid_id_type",
    "invalid_idempotency_key",
    "invalid_groups",
    "invalid_if_match",
    "invalid_latitude",
    "invalid_limit",
    "invalid_longitude",
    "invalid_offset",
    "invalid_path_parameter",
    "invalid_place_type",
    "invalid_query",
    "invalid_report",
    "invalid_rotate",
    "invalid_sort",
    "invalid_spot_type",
    "invalid_token",
    "invalid_zoom",
    "missing_parameter",
    "no_photos",
    "no_place",
    "not_found",
    "query_required",
    "too_many_keys",
    "unauthenticated",
    "unknown_parameter",
    "unsupported_media_type",
}
ERROR_CODE = re.compile(r'\bcode: "([a-z_]+)"')


def test_every_error_a_person_can_meet_is_worded_in_both_languages(catalogs):
    """The app shows a catalog message for an error's code and the server's English sentence only
    when the catalog has none (js/common/messages.js): so every code the server can answer with has
    words in both catalogs, as `error.<code>` or `error.<code>.title`, unless only a program meets it."""
    sources = REPOSITORY / "Sources"
    codes = {
        code
        for folder in ("WishlistCore", "WishlistStore", "WishlistServer")
        for path in (sources / folder).rglob("*.swift")
        for code in ERROR_CODE.findall(path.read_text())
    }
    assert "name_required" in codes and "unknown_column" in codes, "the server's codes were not found"
    for language, catalog in catalogs.items():
        unworded = sorted(
            code
            for code in codes - PROGRAM_ONLY_CODES
            if f"error.{code}" not in catalog and f"error.{code}.title" not in catalog
        )
        assert unworded == [], f"error codes without words in {language}.json"
    assert PROGRAM_ONLY_CODES <= codes, f"no longer codes: {sorted(PROGRAM_ONLY_CODES - codes)}"
