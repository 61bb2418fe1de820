extension Store {
    public var photos: PhotoRepository { PhotoRepository(pool: pool) }
}
