// The friend's page of a shared list (X7, X8), `GET /s/{token}`: the server puts the first page of the
// list in <meta name="wishlist-shared-list"> (see SharedListPage.swift) and this module shows it.
// A first version: the names and links of the wishes, for the full page to build on.

const meta = document.querySelector('meta[name="wishlist-shared-list"]');
const data = meta ? JSON.parse(meta.content) : null;
const main = document.getElementById("shared-list");

if (data?.list && main) {
  const list = document.createElement("ul");
  list.className = "shared-list-items";
  for (const wish of data.list.items) {
    const item = document.createElement("li");
    if (wish.link) {
      const link = document.createElement("a");
      link.href = wish.link;
      link.rel = "noreferrer noopener";
      link.textContent = wish.name;
      item.append(link);
    } else {
      item.textContent = wish.name;
    }
    list.append(item);
  }
  main.append(list);
}
