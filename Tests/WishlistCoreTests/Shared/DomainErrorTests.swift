import Testing
import WishlistCore

@Suite struct DomainErrorTests {
    @Test func notFoundNamesWhatWasLookedFor() {
        let error = NotFoundError("recent search")
        #expect(error.kind == .notFound)
        #expect(error.code == "not_found")
        #expect(error.message == "There is no recent search with this id.")
        #expect(error.field == nil && error.retryAfterSeconds == nil)
    }

    @Test func aValidationErrorIsInvalidInputNamingItsField() {
        let error: any DomainError = ValidationError(field: "name", code: "name_missing", message: "Give the wish a name.")
        #expect(error.kind == .invalidInput)
        #expect(error.field == "name")
        #expect(error.description == "Give the wish a name.")
    }
}
