import Foundation

extension Array where Element == UUID {
    /// The ids in order with every repeat after the first dropped: a list of photos or mentioned
    /// wishes names each record once, however a client sent it.
    func withoutRepeats() -> [UUID] {
        var seen = Set<UUID>()
        return filter { seen.insert($0).inserted }
    }
}
