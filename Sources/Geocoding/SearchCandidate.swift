/// One city's match for a query; `<` is the order results are shown in.
struct SearchCandidate: Comparable, Sendable {
    let city: Int32
    let match: NameIndex.Match
    /// The name's catalog language (0 = the city's own name): names the place in the query's language.
    let language: UInt8
    let population: Int

    /// Better match first, then bigger city, then own name before a translation; the city index
    /// last so that equal candidates always come out in the same order.
    static func < (lhs: SearchCandidate, rhs: SearchCandidate) -> Bool {
        (lhs.match, -lhs.population, lhs.language, lhs.city) < (rhs.match, -rhs.population, rhs.language, rhs.city)
    }
}
