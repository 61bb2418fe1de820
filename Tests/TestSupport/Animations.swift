/// 12×8 two-frame animations made with libvips: frame 1 pure red, frame 2
/// pure blue, 1 s each. Kept inline so the test target needs no resources.
public enum Animations {
    public static let gif =
        "R0lGODlhDAAIAIAAAEdwTP8AACH/C05FVFNDQVBFMi4wAwEAAAAh+QQFCgAAACwAAAAADAAIAAACCIyPqcvtD2MqACH5BAUKAAAALAAAAAAMAAgAgEdwTAAA/wIIjI+py+0PYyoAOw=="
    /// Lossless; libvips also wrote an EXIF chunk into it.
    public static let webp =
        "UklGRkYBAABXRUJQVlA4WAoAAAAKAAAACwAABwAAQU5JTQYAAAD/////AABBTk1GKAAAAAAAAAAAAAsAAAcAAGQAAAJWUDhMDwAAAC8LwAEABxD9j/4HIqL/AQBBTk1GKAAAAAAAAAAAAAsAAAcAAGQAAABWUDhMDwAAAC8LwAEABxDR//4HIqL/AQBFWElGugAAAEV4aWYAAElJKgAIAAAABgASAQMAAQAAAAEAAAAaAQUAAQAAAFYAAAAbAQUAAQAAAF4AAAAoAQMAAQAAAAIAAAATAgMAAQAAAAEAAABphwQAAQAAAGYAAAAAAAAAOGMAAOgDAAA4YwAA6AMAAAYAAJAHAAQAAAAwMjEwAZEHAAQAAAABAgMAAKAHAAQAAAAwMTAwAaADAAEAAAD//wAAAqAEAAEAAAAMAAAAA6AEAAEAAAAQAAAAAAAAAA=="
    /// The first frame of `gif` alone: a 12×8 red GIF of one frame, which still carries the
    /// looping extension an animation has (a still GIF is not an animation however it is written).
    public static let stillGIF =
        "R0lGODlhDAAIAIAAAEdwTP8AACH/C05FVFNDQVBFMi4wAwEAAAAh+QQFCgAAACwAAAAADAAIAAACCIyPqcvtD2MqADs="
}
