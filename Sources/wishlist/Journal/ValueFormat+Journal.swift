import WishlistCore

extension ValueFormat where Value == String {
    /// A day as the journal takes it, checked by the API's own rule.
    static var calendarDay: ValueFormat { .checked("a calendar day like 2026-12-01") { try JournalRules.date($0) } }
    /// A time of day as the journal takes it, checked by the API's own rule.
    static var timeOfDay: ValueFormat { .checked("a time of day like 09:30 or 21:05") { try JournalRules.time($0) } }
}
