import Testing
@testable import GlanceProject

/// Objective-C URL handlers are found by their selectors, over several lines, and only where they are implemented.
struct ObjectiveCMethodsTests {
    @Test func urlHandlersAreFoundWhereImplemented() {
        let text = """
            #import "AppDelegate.h"
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                return YES;
            }
            /*
            - (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options {
            */
            - (BOOL)application:(UIApplication *)app
                        openURL:(NSURL *)url
                        options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options
            {
                return [self.router route:url];
            }
            - (BOOL)application:(UIApplication *)application continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(void (^)(NSArray<id<UIUserActivityRestoring>> * _Nullable))restorationHandler {
                return NO;
            }
            @end
            """
        let found = ObjectiveCMethods.implementations(in: text, file: "/p/AppDelegate.m", among: ObjectiveCMethods.urlHandlingSelectors)
        #expect(found.map { "\($0.selector) \($0.line)" } == ["application:openURL:options: 9", "application:continueUserActivity:restorationHandler: 15"])
    }

    @Test func declarationsAndOtherMethodsAreNotHandlers() {
        let header = """
            @interface AppDelegate : UIResponder <UIApplicationDelegate>
            - (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options;
            @end
            """
        #expect(ObjectiveCMethods.implementations(in: header, file: "/p/AppDelegate.m", among: ObjectiveCMethods.urlHandlingSelectors).isEmpty)
        #expect(ObjectiveCMethods.selector(of: "(void)viewDidLoad") == "viewDidLoad")
        #expect(ObjectiveCMethods.selector(of: "(void)scene:(UIScene *)scene openURLContexts:(NSSet<UIOpenURLContext *> *)contexts") == "scene:openURLContexts:")
        #expect(ObjectiveCMethods.selector(of: "(int)count + 1") == nil)
    }

    /// Tabs between a signature's parts, and Windows line ends, are whitespace like any other.
    @Test func tabsAndCRLFLineEndsAreWhitespace() {
        let text = "@implementation AppDelegate\r\n- (BOOL)application:(UIApplication *)app\r\n\t\topenURL:(NSURL *)url\toptions:(NSDictionary *)options\r\n{\r\n\treturn YES;\r\n}\r\n@end\r\n"
        let found = ObjectiveCMethods.implementations(in: text, file: "/p/AppDelegate.m", among: ObjectiveCMethods.urlHandlingSelectors)
        #expect(found.map { "\($0.selector) \($0.line)" } == ["application:openURL:options: 2"])
    }
}
