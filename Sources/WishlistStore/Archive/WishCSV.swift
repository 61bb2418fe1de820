import Foundation
import WishlistCore

/// Reads wishes from a CSV with the columns `name, link, tags, memo, price` (RFC 4180, see
/// `CSVParser`): the first row names the columns, in any order and any case; `name` is required,
/// the others may be left out. Tags are separated by commas or semicolons, so a field with
/// several needs double quotes (`"bike, road trip"`); a tag cannot hold either. A price is read
/// by `PriceRules`. Columns of other names are reported and not read.
public enum WishCSV {
    public static let columns = ["name", "link", "tags", "memo", "price"]

    /// The wishes of the file, and what was left out of it: unknown columns, rows with more
    /// fields than the header has columns.
    public static func read(_ data: Data) throws(WishCSVError) -> (items: [ImportedWish], refused: [ImportReport.Refusal]) {
        guard let text = String(data: data, encoding: .utf8) else { throw .notUTF8 }
        let records = CSVParser.records(text)
        guard let header = records.first?.map({ $0.trimmingWhitespace().lowercased() }), header.contains("name") else {
            throw .headerMissing
        }
        guard records.count - 1 <= ImportedWish.limit else { throw .tooManyRows(limit: ImportedWish.limit) }
        var seen = Set<String>()
        for name in header where !name.isEmpty {
            guard seen.insert(name).inserted else { throw .repeatedColumn(name) }
        }
        var refused = header.enumerated().filter { !columns.contains($0.element) }.map { index, name in
            ImportReport.Refusal(
                item: name.isEmpty ? "Column \(index + 1)" : "Column \"\(name.prefix(40))\"",
                reason: "Not a column wishes have (\(columns.joined(separator: ", "))): its values were not imported.",
                code: "unknown_column", name: name.isEmpty ? "\(index + 1)" : String(name.prefix(40)))
        }
        var items: [ImportedWish] = []
        // Rows are numbered from the header as row 1, as a spreadsheet shows them (blank lines not counted).
        for (offset, record) in records.dropFirst().enumerated() {
            let row = offset + 2
            var fields: [String: String] = [:]
            for (name, value) in zip(header, record) where columns.contains(name) { fields[name] = value }
            let name = (fields["name"] ?? "").trimmingWhitespace()
            let shownName = name.isEmpty ? nil : String(name.prefix(80))
            let item = shownName.map { "Row \(row): \($0)" } ?? "Row \(row)"
            guard record.count <= header.count else {
                refused.append(
                    ImportReport.Refusal(
                        item: item,
                        reason:
                            "The row has \(record.count) fields but the header names \(header.count) columns; a field with a comma needs double quotes.",
                        code: "too_many_fields", row: row, name: shownName))
                continue
            }
            let tags = (fields["tags"] ?? "").split(whereSeparator: { $0 == "," || $0 == ";" })
                .map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            items.append(
                ImportedWish(
                    item: item, row: row, name: shownName,
                    draft: WishDraft(name: fields["name"] ?? "", memo: fields["memo"], link: fields["link"], tags: tags),
                    price: fields["price"]))
        }
        return (items, refused)
    }
}
