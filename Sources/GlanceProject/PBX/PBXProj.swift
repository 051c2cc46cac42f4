import Foundation

/// The object graph of an Xcode `project.pbxproj`, read with `PropertyListSerialization` (OpenStep format).
///
/// Types are named after the file's `isa` values, as in the file itself (`PBXNativeTarget`,
/// `PBXFileSystemSynchronizedRootGroup`, …), so Xcode's own vocabulary applies. Only the fields Glance uses
/// are decoded; objects of other kinds are kept as raw dictionaries in `objects`.
public struct PBXProj: Sendable {
    /// Object id → raw fields.
    public let objects: [String: [String: PlistValue]]
    public let rootObject: String
    public let objectVersion: Int?

    /// Reads and parses `project.pbxproj` (at most `InputLimit.projectFile`).
    /// - Throws: `ProjectError` when the file cannot be read, or is not a property list, or lacks
    ///   `objects`/`rootObject`.
    public init(path: String, fileSystem: FileSystem) throws {
        try self.init(data: try fileSystem.read(path, limit: .projectFile), file: path)
    }

    public init(data: Data, file: String) throws {
        let root = try PlistReader.parse(data, file: file)
        guard let dictionary = root.dictionary else { throw ProjectError.malformed(file, reason: "the top level is not a dictionary") }
        guard let objects = dictionary["objects"]?.dictionary else { throw ProjectError.malformed(file, reason: "no `objects` dictionary") }
        guard let rootObject = dictionary["rootObject"]?.string else { throw ProjectError.malformed(file, reason: "no `rootObject`") }
        // `mapValues` keeps the keys' hash table (no id is hashed again); objects that are not dictionaries, which
        // Xcode never writes, are dropped after.
        var converted = objects.mapValues { $0.dictionary ?? [:] }
        for (id, value) in objects where value.dictionary == nil { converted[id] = nil }
        guard converted[rootObject]?["isa"]?.string == "PBXProject" else {
            throw ProjectError.malformed(file, reason: "`rootObject` \(rootObject) is not a PBXProject")
        }
        self.objects = converted
        self.rootObject = rootObject
        self.objectVersion = dictionary["objectVersion"]?.string.flatMap { Int($0) }
    }

    public func isa(_ id: String) -> String? { objects[id]?["isa"]?.string }

    public var project: PBXProject { PBXProject(id: rootObject, fields: objects[rootObject] ?? [:]) }

    public func nativeTarget(_ id: String) -> PBXNativeTarget? {
        guard let fields = objects[id], let isa = fields["isa"]?.string,
              isa == "PBXNativeTarget" || isa == "PBXAggregateTarget" || isa == "PBXLegacyTarget" else { return nil }
        return PBXNativeTarget(id: id, fields: fields)
    }
    public func buildPhase(_ id: String) -> PBXBuildPhase? { objects[id].map { PBXBuildPhase(id: id, fields: $0) } }
    public func buildFile(_ id: String) -> PBXBuildFile? { objects[id].map { PBXBuildFile(id: id, fields: $0) } }
    public func fileElement(_ id: String) -> PBXFileElement? { objects[id].map { PBXFileElement(id: id, fields: $0) } }
    public func configurationList(_ id: String) -> XCConfigurationList? { objects[id].map { XCConfigurationList(id: id, fields: $0) } }
    public func buildConfiguration(_ id: String) -> XCBuildConfiguration? { objects[id].map { XCBuildConfiguration(id: id, fields: $0) } }
    public func targetDependency(_ id: String) -> PBXTargetDependency? { objects[id].map { PBXTargetDependency(id: id, fields: $0) } }
    public func exceptionSet(_ id: String) -> PBXFileSystemSynchronizedExceptionSet? { objects[id].map { PBXFileSystemSynchronizedExceptionSet(id: id, fields: $0) } }
    public func packageProductDependency(_ id: String) -> XCSwiftPackageProductDependency? { objects[id].map { XCSwiftPackageProductDependency(id: id, fields: $0) } }
    public func packageReference(_ id: String) -> XCSwiftPackageReference? { objects[id].map { XCSwiftPackageReference(id: id, fields: $0) } }
}

/// `PBXProject`: the root object.
public struct PBXProject: Sendable {
    public let id: String
    public let mainGroup: String?
    public let targets: [String]
    public let buildConfigurationList: String?
    /// `projectDirPath`: where SRCROOT points, relative to the folder holding the `.xcodeproj` ("" for that folder).
    public let projectDirPath: String
    /// `packageReferences`: local and remote Swift package references.
    public let packageReferences: [String]

    init(id: String, fields: [String: PlistValue]) {
        self.id = id
        mainGroup = fields["mainGroup"]?.string
        targets = fields["targets"]?.strings ?? []
        buildConfigurationList = fields["buildConfigurationList"]?.string
        projectDirPath = fields["projectDirPath"]?.string ?? ""
        packageReferences = fields["packageReferences"]?.strings ?? []
    }
}

/// `PBXNativeTarget` (also aggregate and legacy targets, which have no product type).
public struct PBXNativeTarget: Sendable {
    public let id: String
    public let isa: String
    public let name: String
    public let productName: String?
    public let productType: String?
    public let productReference: String?
    public let buildPhases: [String]
    public let buildConfigurationList: String?
    public let dependencies: [String]
    /// Xcode 16: `PBXFileSystemSynchronizedRootGroup` ids whose files this target builds.
    public let fileSystemSynchronizedGroups: [String]
    /// `XCSwiftPackageProductDependency` ids the target links.
    public let packageProductDependencies: [String]

    init(id: String, fields: [String: PlistValue]) {
        self.id = id
        isa = fields["isa"]?.string ?? ""
        name = fields["name"]?.string ?? fields["productName"]?.string ?? id
        productName = fields["productName"]?.string
        productType = fields["productType"]?.string
        productReference = fields["productReference"]?.string
        buildPhases = fields["buildPhases"]?.strings ?? []
        buildConfigurationList = fields["buildConfigurationList"]?.string
        dependencies = fields["dependencies"]?.strings ?? []
        fileSystemSynchronizedGroups = fields["fileSystemSynchronizedGroups"]?.strings ?? []
        packageProductDependencies = fields["packageProductDependencies"]?.strings ?? []
    }
}

/// A build phase: `PBXSourcesBuildPhase`, `PBXResourcesBuildPhase`, `PBXCopyFilesBuildPhase`, `PBXFrameworksBuildPhase`, …
public struct PBXBuildPhase: Sendable {
    public let id: String
    public let isa: String
    public let name: String?
    public let files: [String]
    /// `dstSubfolderSpec` of a copy-files phase: 13 = PlugIns (app extensions), 16 = products directory
    /// (with `dstPath` such as `$(CONTENTS_FOLDER_PATH)/Watch` or `$(EXTENSIONS_FOLDER_PATH)`), 10 = Frameworks.
    public let dstSubfolderSpec: Int?
    public let dstPath: String?
    /// `runOnlyForDeploymentPostprocessing = 1`: the phase runs only when installing (archiving), not in a normal build.
    public let runOnlyForDeploymentPostprocessing: Bool

    init(id: String, fields: [String: PlistValue]) {
        self.id = id
        isa = fields["isa"]?.string ?? ""
        name = fields["name"]?.string
        files = fields["files"]?.strings ?? []
        dstSubfolderSpec = fields["dstSubfolderSpec"]?.string.flatMap { Int($0) }
        dstPath = fields["dstPath"]?.string
        runOnlyForDeploymentPostprocessing = fields["runOnlyForDeploymentPostprocessing"]?.string == "1"
    }
}

/// `PBXBuildFile`: a file (or package product) in a build phase.
public struct PBXBuildFile: Sendable {
    public let id: String
    public let fileRef: String?
    public let productRef: String?
    public let platformFilters: [String]

    init(id: String, fields: [String: PlistValue]) {
        self.id = id
        fileRef = fields["fileRef"]?.string
        productRef = fields["productRef"]?.string
        var filters = fields["platformFilters"]?.strings ?? []
        if let single = fields["platformFilter"]?.string { filters.append(single) }
        platformFilters = filters
    }
}

/// Any element of the group tree: `PBXFileReference`, `PBXGroup`, `PBXVariantGroup`, `XCVersionGroup`,
/// `PBXFileSystemSynchronizedRootGroup`, `PBXReferenceProxy`.
public struct PBXFileElement: Sendable {
    public let id: String
    public let isa: String
    public let path: String?
    public let name: String?
    /// `<group>`, `SOURCE_ROOT`, `<absolute>`, `BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`, …
    public let sourceTree: String
    public let children: [String]
    public let lastKnownFileType: String?
    public let explicitFileType: String?
    /// Synchronized groups only: exception-set ids.
    public let exceptions: [String]
    /// Synchronized groups only: sub-folders treated as folder references rather than walked.
    public let explicitFolders: [String]

    init(id: String, fields: [String: PlistValue]) {
        self.id = id
        isa = fields["isa"]?.string ?? ""
        path = fields["path"]?.string
        name = fields["name"]?.string
        sourceTree = fields["sourceTree"]?.string ?? "<group>"
        children = fields["children"]?.strings ?? []
        lastKnownFileType = fields["lastKnownFileType"]?.string
        explicitFileType = fields["explicitFileType"]?.string
        exceptions = fields["exceptions"]?.strings ?? []
        explicitFolders = fields["explicitFolders"]?.strings ?? []
    }

    public var isGroup: Bool { Self.isGroup(isa) }
    /// Whether an `isa` names a group of the tree (`PBXGroup`, `PBXVariantGroup`, `XCVersionGroup`).
    public static func isGroup(_ isa: String) -> Bool { isa == "PBXGroup" || isa == "PBXVariantGroup" || isa == "XCVersionGroup" }
    public var isSynchronizedRootGroup: Bool { isa == "PBXFileSystemSynchronizedRootGroup" }
    public var fileType: String? { explicitFileType ?? lastKnownFileType }
}

/// `PBXFileSystemSynchronizedBuildFileExceptionSet` (membership exceptions for one target) or
/// `PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet` (files routed to one build phase).
public struct PBXFileSystemSynchronizedExceptionSet: Sendable {
    public let id: String
    public let isa: String
    /// The target the exceptions are about (build-file exception sets).
    public let target: String?
    /// The build phase the listed files go to (build-phase exception sets).
    public let buildPhase: String?
    /// Paths relative to the synchronized folder.
    public let membershipExceptions: [String]

    init(id: String, fields: [String: PlistValue]) {
        self.id = id
        isa = fields["isa"]?.string ?? ""
        target = fields["target"]?.string
        buildPhase = fields["buildPhase"]?.string
        membershipExceptions = fields["membershipExceptions"]?.strings ?? []
    }
}

/// `XCConfigurationList`.
public struct XCConfigurationList: Sendable {
    public let id: String
    public let buildConfigurations: [String]
    public let defaultConfigurationName: String?

    init(id: String, fields: [String: PlistValue]) {
        self.id = id
        buildConfigurations = fields["buildConfigurations"]?.strings ?? []
        defaultConfigurationName = fields["defaultConfigurationName"]?.string
    }
}

/// `XCBuildConfiguration`: one configuration's settings, and its base `.xcconfig`.
public struct XCBuildConfiguration: Sendable {
    public let id: String
    public let name: String
    /// Raw settings: a string, or a list of strings for list-typed settings.
    public let buildSettings: [String: PlistValue]
    /// A `PBXFileReference` id of the base `.xcconfig`.
    public let baseConfigurationReference: String?
    /// Xcode 16: an xcconfig inside a synchronized folder is named by the folder and a relative path.
    public let baseConfigurationReferenceAnchor: String?
    public let baseConfigurationReferenceRelativePath: String?

    init(id: String, fields: [String: PlistValue]) {
        self.id = id
        name = fields["name"]?.string ?? id
        buildSettings = fields["buildSettings"]?.dictionary ?? [:]
        baseConfigurationReference = fields["baseConfigurationReference"]?.string
        baseConfigurationReferenceAnchor = fields["baseConfigurationReferenceAnchor"]?.string
        baseConfigurationReferenceRelativePath = fields["baseConfigurationReferenceRelativePath"]?.string
    }
}

/// `PBXTargetDependency`.
public struct PBXTargetDependency: Sendable {
    public let id: String
    public let target: String?
    public let productRef: String?

    init(id: String, fields: [String: PlistValue]) {
        self.id = id
        target = fields["target"]?.string
        productRef = fields["productRef"]?.string
    }
}

/// `XCSwiftPackageProductDependency`: a package product a target links.
public struct XCSwiftPackageProductDependency: Sendable {
    public let id: String
    public let package: String?
    public let productName: String

    init(id: String, fields: [String: PlistValue]) {
        self.id = id
        package = fields["package"]?.string
        productName = fields["productName"]?.string ?? ""
    }
}

/// `XCLocalSwiftPackageReference` (with `relativePath`) or `XCRemoteSwiftPackageReference` (with `repositoryURL`).
public struct XCSwiftPackageReference: Sendable {
    public let id: String
    public let isa: String
    public let relativePath: String?
    public let repositoryURL: String?

    init(id: String, fields: [String: PlistValue]) {
        self.id = id
        isa = fields["isa"]?.string ?? ""
        relativePath = fields["relativePath"]?.string ?? fields["path"]?.string
        repositoryURL = fields["repositoryURL"]?.string
    }

    public var isLocal: Bool { isa == "XCLocalSwiftPackageReference" }
}
