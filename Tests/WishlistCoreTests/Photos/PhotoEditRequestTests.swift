import Testing
import WishlistCore

/// An edit is checked against the upright original's size before anything is rendered.
@Suite struct PhotoEditRequestTests {
    @Test func cropInsideAndQuarterTurnsAreKept() throws {
        let whole = Photo.Crop(x: 0, y: 0, width: 4032, height: 3024)
        for rotate in [0, 90, 180, 270] {
            let edit = try PhotoEditRequest(crop: whole, rotate: rotate).validated(originalWidth: 4032, originalHeight: 3024)
            #expect(edit == Photo.Edit(crop: whole, rotate: rotate))
        }
        let corner = Photo.Crop(x: 4031, y: 3023, width: 1, height: 1)
        #expect(try PhotoEditRequest(crop: corner, rotate: 0).validated(originalWidth: 4032, originalHeight: 3024).crop == corner)
        #expect(try PhotoEditRequest(crop: nil, rotate: 90).validated(originalWidth: 1, originalHeight: 1).crop == nil)
    }

    @Test(arguments: [45, -90, 360, 1])
    func otherTurnsAreRefused(_ rotate: Int) {
        let error = #expect(throws: ValidationError.self) {
            try PhotoEditRequest(crop: nil, rotate: rotate).validated(originalWidth: 10, originalHeight: 10)
        }
        #expect(error?.code == "invalid_rotate")
    }

    /// One pixel past any edge, an empty crop, or a negative corner.
    @Test(arguments: [
        Photo.Crop(x: 1, y: 0, width: 10, height: 10), Photo.Crop(x: 0, y: 1, width: 10, height: 10),
        Photo.Crop(x: 0, y: 0, width: 11, height: 1), Photo.Crop(x: 0, y: 0, width: 1, height: 11),
        Photo.Crop(x: 0, y: 0, width: 0, height: 5), Photo.Crop(x: 0, y: 0, width: 5, height: 0),
        Photo.Crop(x: -1, y: 0, width: 5, height: 5), Photo.Crop(x: 0, y: -1, width: 5, height: 5)
    ])
    func cropOutsideThePhotoIsRefused(_ crop: Photo.Crop) {
        let error = #expect(throws: ValidationError.self) {
            try PhotoEditRequest(crop: crop, rotate: 0).validated(originalWidth: 10, originalHeight: 10)
        }
        #expect(error?.code == "invalid_crop")
    }
}
