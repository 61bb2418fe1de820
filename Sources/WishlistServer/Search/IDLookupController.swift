import HTTPServer
import WishlistCore
import WishlistStore

/// `GET /api/v1/ids?prefix=&type=`: the signed-in account's records whose ids start with a prefix,
/// with their names, so that the command line takes short ids as git does and completes ids with
/// names beside them, without listing every record.
struct IDLookupController: Sendable {
    let ids: IDLookup
    let authenticator: Authenticator

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in routes.add(APIRoute.Search.ids, lookup) }
    }

    func lookup(_ request: Request, _ account: Account) throws -> Response {
        let prefix = try IDMatch.prefix(parameter: request.query["prefix"])
        let kinds = try IDMatch.kinds(parameter: request.query["type"])
        return .api(ItemList(try ids.matches(prefix: prefix, kinds: kinds, owner: account.key)))
    }
}
