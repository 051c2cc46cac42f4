import Testing
import GlanceConfiguration
import GlanceProject

struct PathPatternTests {
    @Test func starStaysInOneComponent() {
        #expect(PathPattern("*.swift").matches("A.swift"))
        #expect(!PathPattern("*.swift").matches("App/A.swift"))
        #expect(PathPattern("App/*View.swift").matches("App/MainView.swift"))
        #expect(!PathPattern("App/*View.swift").matches("App/Main/View.swift"))
    }

    @Test func doubleStarSpansComponents() {
        #expect(PathPattern("**/*.plist").matches("Info.plist"))
        #expect(PathPattern("**/*.plist").matches("App/Config/Info.plist"))
        #expect(PathPattern("App/**/Generated").matches("App/Generated/X.swift"))
        #expect(PathPattern("App/**/Generated").matches("App/A/B/Generated/X.swift"))
        #expect(!PathPattern("App/**/Generated").matches("Widgets/Generated/X.swift"))
    }

    @Test func questionMarkIsOneCharacter() {
        #expect(PathPattern("App?/A.swift").matches("App2/A.swift"))
        #expect(!PathPattern("App?/A.swift").matches("App/A.swift"))
        #expect(!PathPattern("a?b").matches("a/b"))
    }

    @Test func aFolderPatternCoversItsContents() {
        #expect(PathPattern("Pods").matches("Pods/Lib/A.swift"))
        #expect(PathPattern("./App/Generated/").matches("App/Generated/A.swift"))
        #expect(!PathPattern("App/Gen").matches("App/Generated/A.swift"))
        #expect(!PathPattern("").matches("A.swift"))
    }
}
