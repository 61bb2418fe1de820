import Foundation
import HTTPServer

extension Request {
    /// The language the person reads, lower-cased and without region: the `lang` parameter, else
    /// the first of `Accept-Language` (`ko-KR,ko;q=0.9` gives `ko`); nil when neither says.
    var preferredLanguage: String? {
        let wanted =
            query["lang"]
            ?? headers["Accept-Language"]?.split(separator: ",").first.map {
                String($0.split(separator: ";")[0].split(separator: "-")[0]).trimmingCharacters(in: .whitespaces)
            }
        guard let wanted = wanted?.lowercased(), !wanted.isEmpty else { return nil }
        return wanted
    }
}
