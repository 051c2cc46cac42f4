import Foundation

@objc final class NoteStore: NSObject {
    @objc static let shared = NoteStore()
    private(set) var openNote: String?

    @objc func openNote(identifier: String) {
        openNote = identifier
    }
}
