/// A query parameter that says `true` or `false` (`favorite`, `hearted`, `addPhoto`): nil when it
/// is absent, and any other spelling refused rather than read as false.
public enum BooleanParameter {
    /// The parameter's value, nil when absent; `field` names it in the error for any other spelling.
    public static func value(_ text: String?, field: String) throws(ValidationError) -> Bool? {
        switch text {
        case nil: return nil
        case "true": return true
        case "false": return false
        case .some:
            throw ValidationError(field: field, code: "invalid_\(field)", message: "\(field) must be true or false.")
        }
    }
}
