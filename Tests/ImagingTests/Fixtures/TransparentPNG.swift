/// An 8×8 RGBA PNG made with libvips, every pixel fully transparent black.
enum TransparentPNG {
    static let base64 =
        "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVQYlWNgGAUgAAABCAABEbPr0gAAAABJRU5ErkJggg=="
}
