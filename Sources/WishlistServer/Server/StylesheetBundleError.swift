/// Why the web app's stylesheet cannot be put together: `css/bundle.txt` and the CSS files disagree.
struct StylesheetBundleError: Error, Equatable, CustomStringConvertible {
    /// Listed, but not in `css/`.
    let missing: [String]
    /// In `css/`, but not listed, so it would be left out of the page.
    let unlisted: [String]
    let listedTwice: [String]

    var description: String {
        var problems: [String] = []
        if !missing.isEmpty { problems.append("listed but missing: \(missing.joined(separator: ", "))") }
        if !unlisted.isEmpty { problems.append("not listed: \(unlisted.joined(separator: ", "))") }
        if !listedTwice.isEmpty { problems.append("listed twice: \(listedTwice.joined(separator: ", "))") }
        return "\(StylesheetBundle.listPath) does not match the CSS files (\(problems.joined(separator: "; ")))"
    }
}
