"""The renditions kept for offline use stay within their budget, the oldest going first, and are
kept per account (js/offline/media-cache.js, run in the browser)."""

import pytest

from module_harness import page  # noqa: F401 (a fixture)

pytestmark = pytest.mark.service_worker


def test_renditions_beyond_the_budget_push_out_the_oldest(page):
    kept = page(
        "js/offline/media-cache.js",
        """
        const cache = new module.MediaCache({ budget: 2500 });
        const request = (id) => new Request(`/media/${id}/thumb?v=1`);
        const rendition = () => new Response(new Uint8Array(1000), { headers: { "Content-Type": "image/jpeg" } });
        const always = async () => true;
        for (const id of ["a", "b", "c"]) await cache.keep("alice", request(id), rendition(), always);
        // Bob's renditions count against Bob's cache only, and a signed-out account keeps nothing.
        await cache.keep("bob", request("a"), rendition(), always);
        await cache.keep("carol", request("a"), rendition(), async () => false);
        const urls = async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
        return {
          alice: await urls("wishlist-alice-media"),
          bob: await urls("wishlist-bob-media"),
          carol: await urls("wishlist-carol-media"),
          budget: await cache.budget(),
          defaultBudget: await new module.MediaCache().budget(),
          megabytes: module.MEDIA_BUDGET / 1024 / 1024,
        };
        """,
    )
    assert kept["alice"] == ["/media/b/thumb", "/media/c/thumb"]
    assert kept["bob"] == ["/media/a/thumb"]
    assert kept["carol"] == []
    assert kept["budget"] == 2500
    assert kept["megabytes"] == 100
    assert 0 < kept["defaultBudget"] <= 100 * 1024 * 1024
