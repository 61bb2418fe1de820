extension Store {
    public var photos: PhotoRepository { PhotoRepository(database: database) }
}
