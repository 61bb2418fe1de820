import Crypto
import Foundation
import WishlistCore

/// Moving in from other apps (X11): many wishes at once from a bookmark file or a CSV.
extension WishRepository {
    /// The kind `ImportReport` counts wishes under.
    public static let reportKind = "wishes"
    /// Items stored per transaction, so a large import lets other writers in between.
    static let importBatchSize = 500
    /// An `addedAt` before this is a broken date, not when a person saved something.
    static let earliestAddedAt = Date(timeIntervalSince1970: 631_152_000)  // 1990-01-01

    /// Stores each item as a new wish of `owner` unless it breaks a rule of new wishes (refused,
    /// with the rule's message) or the account already has it: a wish with the same link, or for
    /// an item without a link, a wish without a link and with the same name (ignoring case) —
    /// also one made earlier in the same import (skipped). A price is the wish's first seen price.
    public func importWishes(_ items: [ImportedWish], owner: UserKey, now: Date = .nowInMilliseconds()) throws -> WishImport {
        var report = ImportReport()
        var valid: [(draft: WishDraft, price: SeenPrice?, createdAt: Date)] = []
        for item in items {
            do throws(ValidationError) {
                var draft = item.draft
                // Photos are uploaded to an account, never named by a file from elsewhere.
                draft.photoIDs = []
                let checked = try draft.validated()
                let createdAt = item.addedAt.map { $0 >= Self.earliestAddedAt && $0 <= now ? $0.inWholeMilliseconds : now } ?? now
                let price = try PriceRules.price(item.price).map { SeenPrice(amount: $0.amount, currency: $0.currency, seenAt: createdAt) }
                valid.append((checked, price, createdAt))
            } catch {
                report.refuse(item, for: error)
            }
        }
        var linkedWishIDs: [UUID] = []
        var start = valid.startIndex
        while start < valid.endIndex {
            let batch = valid[start..<min(start + Self.importBatchSize, valid.endIndex)]
            start = batch.endIndex
            try database.write(locking: .account(owner)) { db in
                var held = try Self.heldLinksAndNames(owner: owner, db)
                for (draft, price, createdAt) in batch {
                    let isNew =
                        if let link = draft.link { held.links.insert(link).inserted } else {
                            held.unlinkedNames.insert(SearchGrams.key(draft.name)).inserted
                        }
                    guard isNew else {
                        report.countSkipped(Self.reportKind)
                        continue
                    }
                    let (rowID, wish) = try Self.insert(draft, id: SecureRandom.uuid(), owner: owner, now: createdAt, db)
                    if let price { try Self.insertPrice(price, wishRowID: rowID, db) }
                    report.countImported(Self.reportKind)
                    if wish.link != nil { linkedWishIDs.append(wish.id) }
                }
            }
        }
        return WishImport(report: report, linkedWishIDs: linkedWishIDs)
    }

    /// The links of the account's wishes, and the name keys of those without a link.
    private static func heldLinksAndNames(owner: UserKey, _ db: any SQLConnection) throws -> (
        links: Set<String>, unlinkedNames: Set<String>
    ) {
        var links = Set<String>()
        var names = Set<String>()
        for row in try db.query("SELECT link, name_key FROM wishes WHERE owner_id = :owner", ["owner": owner.rawValue]) {
            if let link: String = try row["link"], !link.isEmpty { links.insert(link) } else { names.insert(try row["name_key"]) }
        }
        return (links, names)
    }
}
