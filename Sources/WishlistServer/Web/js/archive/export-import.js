// Settings' "Export and import" (X6, X11): download the account's archive, and import a file — a
// Wishlist archive (.zip), a browser's bookmark file (.html) or a CSV of wishes — with its upload's
// progress and then the report: how many records of each kind were imported or were already there,
// and every item refused with the reason.

import { api } from "../common/api.js";
import { API, apiPath } from "../common/api-routes.js";
import { icon } from "../common/icons.js";
import { i18n } from "../shell/i18n.js";
import { describe, setMessage } from "../common/messages.js";
import { store } from "../common/store.js";

/** Where each kind of file goes, by its name's ending. */
const ROUTES = [
  { endings: [".zip"], route: API.archive.importArchive, contentType: "application/zip" },
  { endings: [".html", ".htm"], route: API.archive.importBookmarks, contentType: "text/html" },
  { endings: [".csv"], route: API.archive.importCSV, contentType: "text/csv" },
];

/** The import route for a file named `name`, or null for a kind no route takes. */
export function importRoute(name) {
  const lower = name.toLowerCase();
  return ROUTES.find((route) => route.endings.some((ending) => lower.endsWith(ending))) ?? null;
}

/** Every kind a report counts, alphabetically. */
function kindsOf(report) {
  const kinds = new Set([...Object.keys(report.imported ?? {}), ...Object.keys(report.skipped ?? {})]);
  return [...kinds].sort();
}

export class ExportImport extends HTMLElement {
  #upload = null;
  /** The last report and its file's name, drawn again in a new language. */
  #shown = null;
  #onLanguage = () => {
    if (this.#shown) this.#renderReport(...this.#shown);
  };

  connectedCallback() {
    const accept = ROUTES.flatMap((route) => [...route.endings, route.contentType]).join(",");
    this.innerHTML = `
      <section class="settings-section" aria-labelledby="settings-data-title">
        <h2 class="section-title" id="settings-data-title" data-i18n="settings.data.title"></h2>
        <p class="settings-lead" data-i18n="settings.data.lead"></p>
        <h3 class="settings-subtitle" data-i18n="settings.export.title"></h3>
        <p data-i18n="settings.export.body"></p>
        <a class="button button-secondary" href="${apiPath(API.archive.export)}" download>${icon("download")}<span data-i18n="settings.export.link"></span></a>
        <h3 class="settings-subtitle" data-i18n="settings.import.title"></h3>
        <p data-i18n="settings.import.body"></p>
        <input class="visually-hidden" type="file" accept="${accept}" tabindex="-1" aria-hidden="true" data-role="file">
        <button type="button" class="button button-secondary" data-action="choose">${icon("upload")}<span data-i18n="settings.import.choose"></span></button>
        <div class="import-progress" data-role="progress" hidden>
          <progress max="1" value="0"></progress>
          <button type="button" class="button button-quiet" data-action="cancel" data-i18n="settings.import.cancel"></button>
        </div>
        <p class="import-status" role="status" data-role="status"></p>
        <p class="field-error" role="alert" data-role="problem" hidden></p>
        <div class="import-report" data-role="report" hidden></div>
      </section>`;
    const input = this.querySelector('[data-role="file"]');
    this.querySelector('[data-action="choose"]').addEventListener("click", () => input.click());
    input.addEventListener("change", () => {
      const [file] = input.files;
      input.value = "";
      if (file) this.#import(file);
    });
    this.querySelector('[data-action="cancel"]').addEventListener("click", () => this.#upload?.abort());
    i18n.localize(this);
    i18n.addEventListener("change", this.#onLanguage);
  }

  disconnectedCallback() {
    i18n.removeEventListener("change", this.#onLanguage);
    this.#upload?.abort();
  }

  async #import(file) {
    if (this.#upload) return;
    const problem = this.querySelector('[data-role="problem"]');
    const status = this.querySelector('[data-role="status"]');
    const report = this.querySelector('[data-role="report"]');
    problem.hidden = true;
    report.hidden = true;
    this.#shown = null;
    const route = importRoute(file.name);
    if (!route) {
      setMessage(problem, { key: "settings.import.unknownKind" });
      problem.hidden = false;
      return;
    }
    const progress = this.querySelector('[data-role="progress"]');
    const bar = progress.querySelector("progress");
    bar.value = 0;
    bar.setAttribute("aria-label", i18n.t("settings.import.uploading", { file: file.name }));
    progress.hidden = false;
    const choose = this.querySelector('[data-action="choose"]');
    choose.setAttribute("aria-busy", "true");
    setMessage(status, { text: i18n.t("settings.import.uploading", { file: file.name }) });
    this.#upload = new AbortController();
    try {
      const answer = await api.upload(route.route, file, {
        contentType: route.contentType,
        signal: this.#upload.signal,
        onProgress: (fraction) => {
          bar.value = fraction;
          // Sent: the server now reads the file and stores what is in it.
          if (fraction >= 1) setMessage(status, { key: "settings.import.reading" });
        },
      });
      // An import may add to every list (an archive holds journal entries and photos too): forget
      // the copies read before it, so each list is read again when next shown.
      store.clear();
      setMessage(status, { key: "settings.import.done" });
      this.#renderReport(answer, file.name);
    } catch (error) {
      setMessage(status, { text: "" });
      if (error.name !== "AbortError") {
        setMessage(problem, describe(error));
        problem.hidden = false;
      }
    } finally {
      this.#upload = null;
      progress.hidden = true;
      choose.removeAttribute("aria-busy");
    }
  }

  #renderReport(answer, fileName) {
    this.#shown = [answer, fileName];
    const report = this.querySelector('[data-role="report"]');
    const title = document.createElement("h3");
    title.className = "settings-subtitle";
    title.id = "import-report-title";
    title.textContent = i18n.t("settings.import.reportTitle", { file: fileName });
    const counts = document.createElement("ul");
    counts.className = "import-counts";
    const kinds = kindsOf(answer);
    for (const kind of kinds.length ? kinds : ["wishes"]) {
      const line = document.createElement("li");
      const kindKey = `settings.import.kind.${kind}`;
      line.textContent = i18n.t("settings.import.counts", {
        kind: i18n.has(kindKey) ? i18n.t(kindKey) : kind,
        imported: answer.imported?.[kind] ?? 0,
        skipped: answer.skipped?.[kind] ?? 0,
      });
      counts.append(line);
    }
    report.replaceChildren(title, counts);
    const refused = answer.refused ?? [];
    if (refused.length) {
      const heading = document.createElement("h4");
      heading.className = "import-refused-title";
      heading.id = "import-refused-title";
      heading.textContent = i18n.t("settings.import.refused", { count: refused.length });
      const list = document.createElement("ul");
      list.className = "import-refused";
      list.setAttribute("aria-labelledby", heading.id);
      for (const refusal of refused) {
        const entry = document.createElement("li");
        const name = document.createElement("span");
        name.className = "import-refused-item";
        name.textContent = refusalItem(refusal);
        const why = document.createElement("span");
        why.className = "import-refused-reason";
        why.textContent = refusalReason(refusal);
        entry.append(name, why);
        list.append(entry);
      }
      report.append(heading, list);
    }
    report.setAttribute("role", "region");
    report.setAttribute("aria-labelledby", title.id);
    report.hidden = false;
  }
}

/** How the report names a refused item in the app's language: its row and name, or a column, else as the server put it. */
function refusalItem({ item, code, row, name }) {
  if (row) return name ? i18n.t("settings.import.rowNamed", { row, name }) : i18n.t("settings.import.row", { row });
  if (code === "unknown_column" && name) return i18n.t("settings.import.column", { name });
  return name ?? item;
}

/** Why an item was refused, in the app's language when the catalog knows the rule's code. */
function refusalReason({ reason, code }) {
  const key = `error.${code}`;
  return code && i18n.has(key) ? i18n.t(key) : reason;
}

customElements.define("wl-export-import", ExportImport);
