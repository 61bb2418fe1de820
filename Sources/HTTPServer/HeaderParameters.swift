/// Reads header values of the form `value; name=token; other="quoted \"string\""`,
/// as in `Content-Type` and `Content-Disposition`.
struct HeaderParameters {
    /// The part before the first `;`, trimmed and lower-cased.
    let value: String
    /// Parameter names are lower-cased; quoted values are unquoted.
    let parameters: [String: String]

    init(_ header: String) {
        var characters = header[...]
        var parameters: [String: String] = [:]
        let valueEnd = characters.firstIndex(of: ";") ?? characters.endIndex
        value = characters[..<valueEnd].trimmingWhitespace().lowercased()
        characters = characters[valueEnd...]
        while characters.first == ";" {
            characters = characters.dropFirst()
            let nameEnd = characters.firstIndex { $0 == "=" || $0 == ";" } ?? characters.endIndex
            let name = characters[..<nameEnd].trimmingWhitespace().lowercased()
            characters = characters[nameEnd...]
            guard characters.first == "=" else { continue }
            characters = characters.dropFirst().drop { $0 == " " || $0 == "\t" }
            var parameterValue = ""
            if characters.first == "\"" {
                characters = characters.dropFirst()
                while let character = characters.first, character != "\"" {
                    characters = characters.dropFirst()
                    if character == "\\", let escaped = characters.first {
                        parameterValue.append(escaped)
                        characters = characters.dropFirst()
                    } else {
                        parameterValue.append(character)
                    }
                }
                characters = characters.dropFirst()
                characters = characters.drop { $0 != ";" }
            } else {
                let end = characters.firstIndex(of: ";") ?? characters.endIndex
                parameterValue = characters[..<end].trimmingWhitespace()
                characters = characters[end...]
            }
            if !name.isEmpty, parameters[name] == nil { parameters[name] = parameterValue }
        }
        self.parameters = parameters
    }
}
