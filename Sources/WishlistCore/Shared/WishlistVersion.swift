/// The version of this build of Wishlist, in one place: `wishlist --version` prints it.
public enum WishlistVersion {
    public static let current = "1.0.0"
}
