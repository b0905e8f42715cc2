#!/bin/sh
# deps.sh - install the Debian packages a fresh machine lacks, or say which.
missing=""
pkg-config --exists libcjson 2>/dev/null || [ -f /usr/include/cjson/cJSON.h ] || missing="$missing libcjson-dev"
pkg-config --exists libedit 2>/dev/null || [ -f /usr/include/histedit.h ] || missing="$missing libedit-dev"
pkg-config --exists libpcre2-8 2>/dev/null || [ -f /usr/include/pcre2.h ] || missing="$missing libpcre2-dev"
pkg-config --exists cairo 2>/dev/null || [ -f /usr/include/cairo/cairo.h ] || missing="$missing libcairo2-dev"
[ -f /usr/include/fontconfig/fontconfig.h ] || missing="$missing libfontconfig-dev"
# figures' text: pango (its fallback through fontconfig), and a small font with CJK (5 MB; DejaVu has
# Latin, Greek, Cyrillic, Arabic, Hebrew); without one a Chinese or Japanese label is drawn as boxes
pkg-config --exists pangocairo 2>/dev/null || missing="$missing libpango1.0-dev"
[ -n "$(fc-list :lang=zh-cn family 2>/dev/null)" ] || missing="$missing fonts-wqy-microhei"
command -v mandoc >/dev/null 2>&1 || missing="$missing mandoc"
command -v cc >/dev/null 2>&1 || missing="$missing gcc"
command -v make >/dev/null 2>&1 || missing="$missing make"
[ -z "$missing" ] && exit 0
echo "deps: missing:$missing"
if command -v apt-get >/dev/null 2>&1; then
	if [ "$(id -u)" = 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; else sudo="none"; fi
	if [ "$sudo" != none ]; then
		$sudo apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null && exit 0
	fi
fi
echo "deps: please install these Debian packages and run make again:$missing" >&2
echo "deps:   apt-get install$missing" >&2
exit 1
