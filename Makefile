# Glance: build, install and uninstall.
#
#   make                               release build in .build/install (no root needed)
#   make install [PREFIX=/usr/local]   the build above, then PREFIX/bin/glance (and on Linux PREFIX/lib/glance)
#   make uninstall [PREFIX=/usr/local] removes what install put there
#   make manifests                     rewrites Package@swift-6.0.swift from Package.swift
#
# On Linux the binary finds its libraries through the rpath $ORIGIN/../lib/glance: install copies there the
# SwiftSyntax libraries and the Swift runtime libraries it links (Scripts/install.sh), so it no longer needs
# the toolchain it was built with. With a PREFIX you cannot write to, build first as yourself, then
# `sudo make install`: install only copies when the build is up to date, and needs no `swift` on PATH then.
#
# GLANCE_SWIFT_SYNTAX=toolchain|package is passed through to Package.swift (see its header).

PREFIX ?= /usr/local
SWIFT ?= swift
SCRATCH := .build/install
BINARY := $(SCRATCH)/release/glance
SOURCES := Package.swift $(shell find Sources -name '*.swift' 2>/dev/null)
# On Linux: no rpath into the toolchain or the build folder, only $ORIGIN/../lib/glance (`$$` is make's `$`).
ifeq ($(shell uname -s),Linux)
LINUX_RPATH := GLANCE_RPATH='$$ORIGIN/../lib/glance'
LINUX_FLAGS := --disable-local-rpath -Xswiftc -no-toolchain-stdlib-rpath
endif

.PHONY: all build install uninstall manifests

all: build

build: $(BINARY)

$(BINARY): $(SOURCES)
	$(LINUX_RPATH) $(SWIFT) build -c release --product glance --scratch-path $(SCRATCH) $(LINUX_FLAGS)
	Scripts/install.sh collect $(BINARY) $(SWIFT)

install: $(BINARY)
	Scripts/install.sh install $(BINARY) "$(DESTDIR)$(PREFIX)"

uninstall:
	Scripts/install.sh uninstall "$(DESTDIR)$(PREFIX)"

manifests:
	sed '1s|.*|// swift-tools-version:6.0|' Package.swift > Package@swift-6.0.swift
