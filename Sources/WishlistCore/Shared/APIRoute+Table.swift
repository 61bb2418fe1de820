/// Every route of the server, grouped by room. Adding an endpoint starts here: the controller
/// registers the new member (`routes.add(APIRoute.Wishes.update, update)`), the client builds its
/// path from it, and `openapi.json` documents it; `RouteTableTests` fails until all three agree.
extension APIRoute {
    /// Every route of the table; `RouteTableTests` holds it equal to the router's and `openapi.json`'s.
    public static let all: [APIRoute] =
        Server.all + Accounts.all + Admin.all + Wishes.all + Search.all + Places.all + Photos.all + Journal.all
        + Links.all + Spots.all + Gifs.all + Archive.all + Sharing.all

    /// The service itself and the web app's files.
    public enum Server {
        public static let health = APIRoute(.GET, "/healthz")
        /// 200 once what the first requests need is loaded (the offline place index), 503 before.
        public static let ready = APIRoute(.GET, "/readyz")
        public static let openAPI = APIRoute(.GET, "/api/v1/openapi.json")
        public static let cspReports = APIRoute(.POST, "/api/v1/csp-reports")
        public static let page = APIRoute(.GET, "/")
        public static let index = APIRoute(.GET, "/index.html")
        public static let manifest = APIRoute(.GET, "/manifest.webmanifest")
        /// The web app's service worker, at the top so that its scope is the whole app.
        public static let serviceWorker = APIRoute(.GET, "/sw.js")
        public static let asset = APIRoute(.GET, "/static/{version}/{path...}")
        public static let leaflet = APIRoute(.GET, "/vendor/leaflet/{path...}")

        static let all = [health, ready, openAPI, cspReports, page, index, manifest, serviceWorker, asset, leaflet]
    }

    /// Setting up, signing in, the account, its devices and API tokens.
    public enum Accounts {
        public static let setupStatus = APIRoute(.GET, "/api/v1/setup")
        public static let setUp = APIRoute(.POST, "/api/v1/setup")
        public static let signIn = APIRoute(.POST, "/api/v1/sessions")
        public static let signOut = APIRoute(.DELETE, "/api/v1/sessions/current")
        public static let me = APIRoute(.GET, "/api/v1/me")
        public static let changePassword = APIRoute(.PUT, "/api/v1/me/password")
        public static let sessions = APIRoute(.GET, "/api/v1/sessions")
        public static let endSession = APIRoute(.DELETE, "/api/v1/sessions/{id}")
        public static let createToken = APIRoute(.POST, "/api/v1/tokens")
        public static let tokens = APIRoute(.GET, "/api/v1/tokens")
        public static let revokeToken = APIRoute(.DELETE, "/api/v1/tokens/{id}")

        static let all = [
            setupStatus, setUp, signIn, signOut, me, changePassword, sessions, endSession, createToken, tokens, revokeToken
        ]
    }

    /// The administrators' routes (a 404 to any other account).
    public enum Admin {
        public static let accounts = APIRoute(.GET, "/api/v1/admin/accounts")
        /// A new account with a temporary password.
        public static let addAccount = APIRoute(.POST, "/api/v1/admin/accounts")
        public static let disable = APIRoute(.POST, "/api/v1/admin/accounts/{username}/disable")
        public static let enable = APIRoute(.POST, "/api/v1/admin/accounts/{username}/enable")
        public static let resetPassword = APIRoute(.POST, "/api/v1/admin/accounts/{username}/reset-password")

        static let all = [accounts, addAccount, disable, enable, resetPassword]
    }

    /// Wishes, favorites and tags.
    public enum Wishes {
        public static let create = APIRoute(.POST, "/api/v1/wishes")
        public static let list = APIRoute(.GET, "/api/v1/wishes", query: ["favorite", "tag", "sort", "limit", "cursor"])
        public static let show = APIRoute(.GET, "/api/v1/wishes/{id}")
        public static let update = APIRoute(.PATCH, "/api/v1/wishes/{id}")
        public static let delete = APIRoute(.DELETE, "/api/v1/wishes/{id}")
        public static let favorite = APIRoute(.PUT, "/api/v1/wishes/{id}/favorite")
        public static let unfavorite = APIRoute(.DELETE, "/api/v1/wishes/{id}/favorite")
        public static let tags = APIRoute(.GET, "/api/v1/tags")

        static let all = [create, list, show, update, delete, favorite, unfavorite, tags]
    }

    /// Search, recent searches and short ids.
    public enum Search {
        public static let search = APIRoute(.GET, "/api/v1/search", query: ["q", "groups", "group", "cursor", "limit"])
        public static let recentSearches = APIRoute(.GET, "/api/v1/recent-searches")
        public static let clearRecentSearches = APIRoute(.DELETE, "/api/v1/recent-searches")
        public static let deleteRecentSearch = APIRoute(.DELETE, "/api/v1/recent-searches/{id}")

        /// The account's records whose ids start with a prefix (short ids in the CLI).
        public static let ids = APIRoute(.GET, "/api/v1/ids", query: ["prefix", "type"])

        static let all = [search, recentSearches, clearRecentSearches, deleteRecentSearch, ids]
    }

    /// Place search, the map and near me.
    public enum Places {
        public static let search = APIRoute(.GET, "/api/v1/places/search", query: ["q", "limit"])
        public static let reverse = APIRoute(.GET, "/api/v1/places/reverse", query: ["lat", "lng", "lang"])
        public static let markers = APIRoute(.GET, "/api/v1/map/markers", query: ["bbox", "zoom"])
        public static let mapSettings = APIRoute(.GET, "/api/v1/map/settings")
        public static let wishesNear = APIRoute(.GET, "/api/v1/wishes/near", query: ["lat", "lng", "limit", "cursor"])

        static let all = [search, reverse, markers, mapSettings, wishesNear]
    }

    /// Uploads, edits and the media files.
    public enum Photos {
        public static let upload = APIRoute(.POST, "/api/v1/photos")
        public static let show = APIRoute(.GET, "/api/v1/photos/{id}")
        public static let delete = APIRoute(.DELETE, "/api/v1/photos/{id}")
        public static let edit = APIRoute(.PUT, "/api/v1/photos/{id}/edit")
        public static let resetEdit = APIRoute(.DELETE, "/api/v1/photos/{id}/edit")
        /// A photo's original or rendition; `v` only tells caches apart.
        public static let media = APIRoute(.GET, "/media/{id}/{size}", query: ["v"])

        static let all = [upload, show, delete, edit, resetEdit, media]
    }

    /// Journal entries, their hearts, the map's layer and near me.
    public enum Journal {
        public static let create = APIRoute(.POST, "/api/v1/journal")
        public static let list = APIRoute(.GET, "/api/v1/journal", query: ["hearted", "limit", "cursor"])
        public static let markers = APIRoute(.GET, "/api/v1/journal/markers", query: ["bbox", "zoom"])
        public static let near = APIRoute(.GET, "/api/v1/journal/near", query: ["lat", "lng", "limit", "cursor"])
        public static let show = APIRoute(.GET, "/api/v1/journal/{id}")
        public static let update = APIRoute(.PATCH, "/api/v1/journal/{id}")
        public static let delete = APIRoute(.DELETE, "/api/v1/journal/{id}")
        public static let heart = APIRoute(.PUT, "/api/v1/journal/{id}/heart")
        public static let unheart = APIRoute(.DELETE, "/api/v1/journal/{id}/heart")
        /// The entries that mention one wish.
        public static let mentioning = APIRoute(.GET, "/api/v1/wishes/{id}/journal", query: ["limit", "cursor"])

        static let all = [create, list, markers, near, show, update, delete, heart, unheart, mentioning]
    }

    /// Link previews, prices and sharing into the app.
    public enum Links {
        public static let preview = APIRoute(.POST, "/api/v1/link-previews")
        public static let previewPhoto = APIRoute(.POST, "/api/v1/link-previews/photo")
        public static let refresh = APIRoute(.POST, "/api/v1/wishes/{id}/link/refresh", query: ["addPhoto"])
        /// The Web Share Target's POST.
        public static let share = APIRoute(.POST, "/share")
        /// The bookmarklet's and the Shortcut's GET.
        public static let shareByLink = APIRoute(.GET, "/share", query: ["url", "title", "text"])
        public static let continueSharing = APIRoute(.GET, "/share/continue")

        static let all = [preview, previewPhoto, refresh, share, shareByLink, continueSharing]
    }

    /// The K-culture spots.
    public enum Spots {
        public static let titles = APIRoute(.GET, "/api/v1/spots/titles", query: ["type", "q", "limit", "cursor"])
        public static let list = APIRoute(
            .GET, "/api/v1/spots", query: ["title", "type", "placeType", "q", "limit", "cursor"])
        public static let near = APIRoute(.GET, "/api/v1/spots/near", query: ["lat", "lng", "limit", "cursor"])
        public static let markers = APIRoute(.GET, "/api/v1/spots/markers", query: ["bbox", "zoom"])
        public static let show = APIRoute(.GET, "/api/v1/spots/{id}")
        public static let wish = APIRoute(.POST, "/api/v1/spots/{id}/wish")

        static let all = [titles, list, near, markers, show, wish]
    }

    /// GIF search, trending and favorites.
    public enum Gifs {
        public static let search = APIRoute(.GET, "/api/v1/gifs/search", query: ["q", "offset", "lang"])
        public static let trending = APIRoute(.GET, "/api/v1/gifs/trending", query: ["offset"])
        public static let favorites = APIRoute(.GET, "/api/v1/gifs/favorites")
        public static let favorite = APIRoute(.PUT, "/api/v1/gifs/favorites/{gifId}")
        public static let unfavorite = APIRoute(.DELETE, "/api/v1/gifs/favorites/{gifId}")
        public static let wish = APIRoute(.POST, "/api/v1/gifs/{gifId}/wish")

        static let all = [search, trending, favorites, favorite, unfavorite, wish]
    }

    /// Export and import.
    public enum Archive {
        public static let export = APIRoute(.GET, "/api/v1/export")
        public static let importArchive = APIRoute(.POST, "/api/v1/import")
        public static let importBookmarks = APIRoute(.POST, "/api/v1/import/bookmarks")
        public static let importCSV = APIRoute(.POST, "/api/v1/import/csv")

        static let all = [export, importArchive, importBookmarks, importCSV]
    }

    /// Shared lists and gift reservations (X7, X8): the owner's shares, and what anyone holding a
    /// link may read and do.
    public enum Sharing {
        public static let create = APIRoute(.POST, "/api/v1/shares")
        public static let list = APIRoute(.GET, "/api/v1/shares")
        public static let show = APIRoute(.GET, "/api/v1/shares/{id}")
        public static let update = APIRoute(.PATCH, "/api/v1/shares/{id}")
        public static let revoke = APIRoute(.DELETE, "/api/v1/shares/{id}")
        public static let rotate = APIRoute(.POST, "/api/v1/shares/{id}/rotate")

        /// Public: no account, the token is the only key.
        public static let sharedList = APIRoute(.GET, "/api/v1/shared/{token}", query: ["limit", "cursor"])
        public static let sharedWish = APIRoute(.GET, "/api/v1/shared/{token}/wishes/{id}")
        public static let reserve = APIRoute(.POST, "/api/v1/shared/{token}/wishes/{id}/reservation")
        public static let cancelReservation = APIRoute(.DELETE, "/api/v1/shared/{token}/wishes/{id}/reservation")
        public static let checkReservations = APIRoute(.POST, "/api/v1/shared/{token}/reservations/check")
        public static let page = APIRoute(.GET, "/s/{token}")
        public static let media = APIRoute(.GET, "/s/{token}/media/{photoId}/{size}", query: ["v"])

        static let all = [
            create, list, show, update, revoke, rotate, sharedList, sharedWish, reserve, cancelReservation,
            checkReservations, page, media
        ]
    }
}
