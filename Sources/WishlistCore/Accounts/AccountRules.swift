/// The rules for usernames and passwords.
public enum AccountRules {
    public static let usernameLength = Limits.standard.usernameMinimum...Limits.standard.usernameMaximum
    public static let minimumPasswordLength = Limits.standard.passwordMinimum
    /// Long enough for any passphrase, short enough that hashing it is never a burden.
    public static let maximumPasswordLength = Limits.standard.passwordMaximum

    private static let usernameCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")

    /// The username as stored: 3–32 of `a-z 0-9 . _ -` (upper case is folded to lower case first).
    public static func normalizedUsername(_ username: String) throws(ValidationError) -> String {
        let lowered = username.lowercased()
        guard usernameLength.contains(lowered.count) else {
            throw ValidationError(
                field: "username", code: "invalid_username",
                message: "A username is 3 to 32 characters long.")
        }
        guard lowered.allSatisfy(usernameCharacters.contains) else {
            throw ValidationError(
                field: "username", code: "invalid_username",
                message: "A username may use only the letters a–z, digits, '.', '_' and '-'.")
        }
        return lowered
    }

    /// Checks a new password: at least 10 characters, no NUL, at most 1024.
    public static func validatePassword(_ password: String) throws(ValidationError) {
        guard password.count >= minimumPasswordLength else {
            throw ValidationError(
                field: "password", code: "password_too_short",
                message: "A password needs at least \(minimumPasswordLength) characters.")
        }
        guard password.count <= maximumPasswordLength else {
            throw ValidationError(
                field: "password", code: "password_too_long",
                message: "A password may have at most \(maximumPasswordLength) characters.")
        }
        guard !password.contains("\u{0}") else {
            throw ValidationError(
                field: "password", code: "invalid_password", message: "A password cannot contain a NUL character.")
        }
    }
}
