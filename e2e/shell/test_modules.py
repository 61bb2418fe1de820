"""The app's building blocks, exercised in the browser that runs them: the
store's keyed records and notifications (W15), the hash router's matching,
the API wrapper's typed errors and the photo picker's upload queue (no DOM, a fake uploader)."""

from flows import block_api
from module_harness import page  # noqa: F401 (a fixture)


def test_store_keeps_one_record_per_id_and_ignores_stale_versions(page):
    result = page(
        "js/common/store.js",
        """
        const store = new module.Store();
        const seen = [];
        const unsubscribe = store.subscribe((change) => seen.push(change.ids.join(",")));
        store.put("wish", [{ id: "a", version: 2, name: "Bag" }, { id: "b", version: 1, name: "Shoes" }]);
        store.put("wish", { id: "a", version: 1, name: "Old bag" });
        store.put("wish", { id: "a", version: 3, name: "New bag" });
        store.remove("wish", "b");
        unsubscribe();
        store.put("wish", { id: "c", version: 1, name: "Unseen" });
        return { names: store.all("wish").map((w) => w.name), seen, other: store.all("entry").length };
        """,
    )
    assert result == {"names": ["New bag", "Unseen"], "seen": ["a,b", "a", "b"], "other": 0}


def test_router_matches_tabs_and_params(page):
    result = page(
        "js/shell/router.js",
        """
        const router = new module.Router([
          { name: "wishes", pattern: "/wishes" },
          { name: "wish", pattern: "/wishes/:id" },
          { name: "edit", pattern: "/wishes/:id/edit" },
        ]);
        const show = (path) => { const m = router.match(path); return m ? [m.route.name, m.params] : null; };
        return ["/wishes", "/wishes/42", "/wishes/a%20b/edit", "/wishes/%E0%A4%A/edit", "/map", "/wishes/42/x"].map(show);
        """,
    )
    assert result == [
        ["wishes", {}],
        ["wish", {"id": "42"}],
        ["edit", {"id": "a b"}],
        None,
        None,
        None,
    ]


def test_api_errors_are_typed(page):
    result = page(
        "js/common/api.js",
        """
        const outcome = async (promise) => {
          try { return ["ok", await promise]; }
          catch (error) { return [error.name, error.status ?? null, error.code]; }
        };
        const { API } = await import(new URL("../common/api-routes.js", document.querySelector('script[type="module"]').src));
        return [
          await outcome(module.api.request(API.accounts.me)),
          await outcome(module.api.request(API.accounts.signIn, { body: { username: "nobody", password: "wrong password" } })),
          await outcome(module.api.request(API.accounts.setupStatus)),
        ];
        """,
    )
    assert result == [
        ["ApiError", 401, "unauthenticated"],
        ["ApiError", 401, "invalid_credentials"],
        ["ok", {"setupRequired": True}],
    ]


def test_api_paths_are_made_from_the_route_table(page):
    result = page(
        "js/common/api-routes.js",
        """
        const { API, apiPath } = module;
        const refused = (params) => { try { return apiPath(API.admin.enable, params); } catch (error) { return error.name; } };
        return [
          apiPath(API.wishes.list, {}, { tag: "a&b c", favorite: null, cursor: undefined, limit: 5 }),
          apiPath(API.gifs.wish, { gifId: "x?y#z %" }),
          apiPath(API.server.leaflet, { path: "images/marker icon.png" }),
          refused({ username: ".." }),
          refused({ username: "ann/disable" }),
          refused({ username: "" }),
          refused({}),
          refused({ username: "ann", id: "1" }),
        ];
        """,
    )
    assert result == [
        "/api/v1/wishes?tag=a%26b+c&limit=5",
        "/api/v1/gifs/x%3Fy%23z%20%25/wish",
        "/vendor/leaflet/images/marker%20icon.png",
        "TypeError",
        "TypeError",
        "TypeError",
        "TypeError",
        "TypeError",
    ]


def test_unreachable_server_is_a_network_error(page, browser):
    block_api(browser)
    result = page(
        "js/common/api.js",
        """
        const { API } = await import(new URL("../common/api-routes.js", document.querySelector('script[type="module"]').src));
        try { await module.api.request(API.accounts.me); return "answered"; }
        catch (error) { return [error instanceof module.NetworkError, error instanceof module.ApiError, error.code]; }
        """,
    )
    assert result == [True, False, "network"]


def test_upload_queue_runs_two_at_a_time_in_order_with_progress_retry_and_cancel(page):
    result = page(
        "js/photos/upload-queue.js",
        """
        // A fake uploader: each call waits until the test settles it by file name.
        const calls = [], pending = {};
        const upload = (file, { signal, onProgress }) => new Promise((resolve, reject) => {
          calls.push(file);
          signal.addEventListener("abort", () => reject(new Error("aborted")));
          pending[file] = { resolve, reject, onProgress };
        });
        const tick = () => new Promise((resolve) => setTimeout(resolve));
        const queue = new module.UploadQueue(upload, { concurrency: 2 });
        const events = [];
        queue.addEventListener("change", ({ detail }) => events.push(`${detail.file}:${detail.state}`));
        queue.addEventListener("progress", ({ detail }) => events.push(`${detail.file}:${detail.progress}`));
        let settled = false;
        const idleAtStart = queue.pending;

        const [a, b, c, d] = ["a", "b", "c", "d"].map((file) => queue.enqueue(file));
        queue.settled().then(() => { settled = true; });
        const startedFirst = [...calls];
        pending.a.onProgress(0.5);
        pending.a.resolve({ id: "photo-a" });
        await tick();
        const afterA = [...calls];
        queue.cancel(b);
        await tick();
        const afterCancel = [...calls];
        pending.c.reject(new Error("offline"));
        await tick();
        const failed = { state: c.state, error: String(c.error) };
        queue.retry(c);
        await tick();
        pending.d.resolve({ id: "photo-d" });
        pending.c.resolve({ id: "photo-c" });
        await tick();
        await queue.settled();
        return {
          idleAtStart, startedFirst, afterA, afterCancel, failed, settled, pending: queue.pending,
          calls, states: [a, b, c, d].map((job) => job.state), results: [a, c, d].map((job) => job.result.id),
          events,
        };
        """,
    )
    assert result["idleAtStart"] is False
    assert result["startedFirst"] == ["a", "b"]  # two at a time, first queued first
    assert result["afterA"] == ["a", "b", "c"]  # a finished: c takes its place
    assert result["afterCancel"] == ["a", "b", "c", "d"]  # b aborted: d takes its place
    assert result["failed"] == {"state": "failed", "error": "Error: offline"}
    assert result["calls"] == ["a", "b", "c", "d", "c"]  # the retry uploads c again
    assert result["states"] == ["done", "cancelled", "done", "done"]
    assert result["results"] == ["photo-a", "photo-c", "photo-d"]
    assert result["settled"] is True and result["pending"] is False
    assert result["events"] == [
        "a:uploading",
        "b:uploading",
        "a:0.5",
        "a:done",
        "c:uploading",
        "b:cancelled",
        "d:uploading",
        "c:failed",
        "c:queued",
        "c:uploading",
        "d:done",
        "c:done",
    ]
