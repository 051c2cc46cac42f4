import Foundation
@testable import GlanceFix
import GlanceProject
import Testing

/// The text editors on layouts the fixture projects do not have: each edit checked against Foundation's reading
/// of the result, as `Fixer` checks every file it writes.
@Suite struct EditorTests {
    /// Xcode 16.0's first builds wrote a synchronized root group on one line, with the set named by its isa.
    static let oneLineGroup = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {

        /* Begin PBXFileSystemSynchronizedRootGroup section */
        \t\tE612EC3E2D0F07A90022720C /* Widgets */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Widgets; sourceTree = "<group>"; };
        /* End PBXFileSystemSynchronizedRootGroup section */

        /* Begin PBXProject section */
        \t\t97C146E61CF9000F007C117D /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tmainGroup = E612EC3E2D0F07A90022720C;
        \t\t\ttargets = (
        \t\t\t);
        \t\t};
        /* End PBXProject section */
        \t};
        \trootObject = 97C146E61CF9000F007C117D /* Project object */;
        }

        """

    @Test func aListFieldAddedToAOneLineObjectAtItsSortedPlace() throws {
        var editor = PBXEditor(text: Self.oneLineGroup, pbx: try PBXProj(data: Data(Self.oneLineGroup.utf8), file: "p"))
        let set = editor.newID("set")
        try editor.addObject(set, isa: "PBXFileSystemSynchronizedBuildFileExceptionSet",
                             fields: [("membershipExceptions", .list([.string("Info.plist")])), ("target", .string("T"))], comment: "PBXFileSystemSynchronizedBuildFileExceptionSet")
        try editor.append(.reference(set), toList: "exceptions", of: "E612EC3E2D0F07A90022720C")
        #expect(editor.text.contains("{isa = PBXFileSystemSynchronizedRootGroup; exceptions = (\(set) /* PBXFileSystemSynchronizedBuildFileExceptionSet */, ); explicitFileTypes = {}; explicitFolders = (); path = Widgets;"))
        // A new section between the two, a blank line each side.
        #expect(editor.text.contains("/* End PBXFileSystemSynchronizedBuildFileExceptionSet section */\n\n/* Begin PBXFileSystemSynchronizedRootGroup section */"))
        let reread = try PBXProj(data: Data(editor.text.utf8), file: "p")
        #expect(reread.objects == editor.objects)
        // A second item goes before the list's close.
        try editor.append(.reference("OTHER"), toList: "exceptions", of: "E612EC3E2D0F07A90022720C")
        #expect(try PBXProj(data: Data(editor.text.utf8), file: "p").objects["E612EC3E2D0F07A90022720C"]?["exceptions"] == .array([.string(set), .string("OTHER")]))
    }

    @Test func idsAreOfXcodesFormAndUniqueInTheFile() throws {
        var editor = PBXEditor(text: Self.oneLineGroup, pbx: try PBXProj(data: Data(Self.oneLineGroup.utf8), file: "p"))
        let first = editor.newID("same seed")
        let second = editor.newID("same seed")
        #expect(first != second)
        for id in [first, second] { #expect(id.count == 24 && id.allSatisfy { $0.isHexDigit && !$0.isLowercase }) }
        #expect(PBXEditor.hexID("same seed\u{0}0") == first, "derived from the seed: the same fix writes the same ids")
    }

    @Test func quotingAsXcodeDoes() {
        #expect(PBXEditor.quoted("Widgets/Info.plist") == "Widgets/Info.plist")
        #expect(PBXEditor.quoted("Embed Foundation Extensions") == "\"Embed Foundation Extensions\"")
        #expect(PBXEditor.quoted("com.apple.product-type.app-extension") == "\"com.apple.product-type.app-extension\"")
        #expect(PBXEditor.quoted("") == "\"\"")
        #expect(PBXEditor.quoted("a \"b\"") == "\"a \\\"b\\\"\"")
    }

    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>

        """
    }

    static func editor(_ text: String) throws -> PlistEditor {
        try PlistEditor(text: text, value: try PlistReader.parse(Data(text.utf8), file: "x").dictionary ?? [:])
    }

    static func expectReadsBack(_ editor: PlistEditor) throws {
        #expect(try PlistReader.parse(Data(editor.text.utf8), file: "x").dictionary == editor.value)
    }

    @Test func anEmptyArrayAndAnEmptyDictionaryAreOpened() throws {
        var groups = try Self.editor(Self.plist("<dict>\n\t<key>com.apple.security.application-groups</key>\n\t<array/>\n</dict>"))
        try groups.append(.string("group.a"), toArray: "com.apple.security.application-groups")
        #expect(groups.text.contains("\t<array>\n\t\t<string>group.a</string>\n\t</array>\n"))
        try Self.expectReadsBack(groups)
        var empty = try Self.editor(Self.plist("<dict/>"))
        try empty.set("NSSupportsLiveActivities", to: .bool(true))
        #expect(empty.text.contains("<dict>\n\t<key>NSSupportsLiveActivities</key>\n\t<true/>\n</dict>"))
        try Self.expectReadsBack(empty)
    }

    /// Keys that are not sorted: a new one goes last; the file's own indentation (spaces) is kept.
    @Test func unsortedKeysAndSpaces() throws {
        var editor = try Self.editor(Self.plist("<dict>\n  <key>Zeta</key>\n  <string>z</string>\n  <key>Alpha</key>\n  <string>a</string>\n</dict>"))
        try editor.set("Middle", to: .array([.string("m")]))
        #expect(editor.text.contains("  <key>Alpha</key>\n  <string>a</string>\n  <key>Middle</key>\n  <array>\n    <string>m</string>\n  </array>\n</dict>"))
        try Self.expectReadsBack(editor)
    }

    @Test func aValueSharingItsKeysLineIsNotEdited() throws {
        var editor = try Self.editor(Self.plist("<dict><key>NSSupportsLiveActivities</key><false/></dict>"))
        #expect(throws: PlistEditor.Failure.self) { try editor.set("NSSupportsLiveActivities", to: .bool(true)) }
    }

    @Test func binaryPropertyListsAreLeftAlone() {
        #expect(throws: PlistEditor.Failure.self) { try PlistEditor(text: "bplist00…", value: [:]) }
    }

    @Test func diffOfAnInsertionAndANewFile() {
        #expect(UnifiedDiff.diff(path: "a.txt", old: "1\n2\n3\n4\n5\n", new: "1\n2\n3\nx\n4\n5\n") == """
            --- a/a.txt
            +++ b/a.txt
            @@ -1,5 +1,6 @@
             1
             2
             3
            +x
             4
             5

            """)
        #expect(UnifiedDiff.diff(path: "n", old: nil, new: "a\n") == "--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+a\n")
        #expect(UnifiedDiff.diff(path: "same", old: "a\n", new: "a\n") == "")
    }
}
