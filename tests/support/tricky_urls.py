"""URLs on which HTTP libraries part ways: the corpus the reader harness sends with each
library (tests/unit/core/test_readers_sent.py).

Gathered from the parser differentials of Claroty and Snyk ("Exploiting URL Parsers:
The Good, Bad, and Inconsistent", 2022) and Orange Tsai ("A New Era of SSRF", Black
Hat USA 2017), the WHATWG URL Standard's host and port rules, RFC 3986's grammar and
what it leaves out, and the cases this project's own tests met.  Every URL points at
a made-up or loopback host; none is ever resolved (the harness redirects every
connection to 127.0.0.1).
"""

from __future__ import annotations

__all__ = ["TRICKY_URLS"]

_USERINFO = (
    # where the userinfo ends: the last "@", the first, a backslash or a "#" before it
    "http://evil.com\\@good.com/",
    "http://good.com\\@evil.com/",
    "http://good.com#@evil.com/",
    "http://good.com;@evil.com/",
    "http://good.com&@evil.com#@good.com/",
    "http://good.com:80#@evil.com/",
    "http://good.com:80\\@evil.com/",
    "http://foo@evil.com:80@good.com/",
    "http://foo@evil.com%20@good.com/",
    "http://user@evil.com@good.com/",
    "http://good.com@@evil.com/",
    "http://user@good.com/",
    "http://user:@good.com/",
    "http://:pw@good.com/",
    "http://@good.com/",
    "http://u:p@good.com@evil.com/",
    "http://u@p@good.com/",
    "http://good.com:80@evil.com/",
    "http://u%40good.com@evil.com/",
    "http://u:p%40evil.com@good.com/",
    "http://evil.com:@good.com/",
    "http://evil.com/\\@good.com/",
    "http://user:s3cr3t@good.com:8080/p?q#f",
    "http://good.com@/",
    "http://[::1]@evil.com/",
    "http://u:[::1]@evil.com/",
    "http://[user:pw]@evil.com/",
    "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/",
    "http://evil.com%2f@good.com/",
    "http://good.com%2F@evil.com/",
    "http://good.com%3A80@evil.com/",
    "http://evil.com%2523@good.com/",
    "http://EVIL.com＠good.com/",  # fullwidth commercial at
    "http://good.com﹫evil.com/",  # small commercial at
)

_SLASHES = (
    # the scheme and the slashes after it
    "http:/good.com/",
    "http:good.com/",
    "http:\\\\evil.com/",
    "http:///good.com/",
    "http:////good.com/",
    "http:\\/evil.com/",
    "http:/\\evil.com/",
    "https:/good.com/",
    "HTTP://GOOD.COM/",
    "hTTp://good.com/",
    "HTTP://Good.COM/",
    "http://good.com\\path",
    "http://good.com?x",
    "http://good.com#x",
    "http://good.com",
    "http://",
    "http:///",
    "http://:80/",
    "http://?/",
    "http://#/",
    "//good.com/",
    "good.com/",
    "http :good.com/",
    "ht\ttp://good.com/",
    "http\n://good.com/",
    " http://good.com/",
    "\thttp://good.com/",
    "http://good.com/ ",
    "http://good.com/a\\b\\c",
)

_PORTS = (
    "http://good.com:/",
    "http://good.com:80/",
    "http://good.com:0080/",
    "http://good.com:65535/",
    "http://good.com:65536/",
    "http://good.com:0/",
    "http://good.com:00/",
    "http://good.com:+80/",
    "http://good.com:8_0/",
    "http://good.com: 80/",
    "http://good.com:80a/",
    "http://good.com:-1/",
    "http://good.com:1e3/",
    "http://good.com:٨٠/",  # Arabic-Indic digits
    "http://good.com:８０/",  # fullwidth digits
    "http://good.com:4294967376/",
    "http://good.com:99999/",
    "http://good.com:8080:80/",
    "http://127.0.0.1:11211:80/",
    "https://good.com:443/",
    "https://good.com:80/",
    "http://good.com:443/",
    "https://good.com/",
    "https://good.com:0/",
)

_IPV4 = (
    "http://127.1/",
    "http://0x7f.1/",
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://0x7f000001/",
    "http://017700000001/",
    "http://127.000.000.1/",
    "http://01.2.3.4/",
    "http://1.2.3.4/",
    "http://1.2.3.256/",
    "http://256.0.0.1/",
    "http://1.2.3.4.5/",
    "http://1.2.3/",
    "http://0/",
    "http://0x/",
    "http://0.0.0.0/",
    "http://4294967296/",
    "http://999999999999/",
    "http://127。0。0。1/",  # ideographic full stops
    "http://①②⑦.⓪.⓪.①/",  # circled digits
    "http://localhost./",
    "http://LOCALHOST/",
)

_IPV6 = (
    "http://[::1]/",
    "http://[::1]:8080/",
    "https://[2001:db8::1]:8443/a?b#c",
    "http://[2001:DB8:0:0:0:0:0:1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[0:0:0:0:0:ffff:127.0.0.1]/",
    "http://[::127.0.0.1]/",
    "http://[fe80::1%25eth0]/",
    "http://[fe80::1%eth0]/",
    "http://[::1%25lo]/",
    "http://[::1]]/",
    "http://[[::1]]/",
    "http://[::1/",
    "http://::1/",
    "http://[v1.fe]/",
    "http://[::1]:/",
    "http://[::]/",
    "http://[::1]x/",
    "http://[1::2::3]/",
    "http://[::1]:99999/",
    "http://user@[::1]/",
    "http://[::1]\\@good.com/",
    "http://%5B::1%5D/",
)

_NAMES = (
    # labels: empty, long, and the characters a host name has no place for
    "http://a..b/",
    "http://example.com../",
    "http://.example.com/",
    "http://example.com./",
    "http://a./",
    "http://./",
    "http://../",
    "http://a/",
    "http://-a.com/",
    "http://a-.com/",
    "http://_a.com/",
    "http://a_b.com/",
    "http://a*b.com/",
    "http://*.example.com/",
    "http://a!b.com/",
    "http://a$b.com/",
    "http://a'b.com/",
    "http://a(b).com/",
    "http://a,b.com/",
    "http://a;b.com/",
    "http://a=b.com/",
    "http://a~b.com/",
    "http://a{b}.com/",
    "http://a|b.com/",
    "http://a^b.com/",
    'http://a"b.com/',
    "http://a`b.com/",
    "http://a<b.com/",
    "http://a%b.com/",
    "http://a%41.com/",
    "http://a%2e.com/",
    "http://%2e/",
    "http://%65vil.com/",
    "http://ev%69l.com/",
    "http://exa%20mple.com/",
    "http://good.com%00.evil.com/",
    "http://good.com%09/",
    "http://" + "a" * 63 + ".com/",
    "http://" + "a" * 64 + ".com/",
    "http://" + ".".join(["a" * 60] * 5) + ".com/",
    "http://xn--80ak6aa92e.com/",
    "http://xn--.com/",
    "http://xn--a.com/",
    "http://xn--zz.com/",
    "http://www.example.com/",
    "http://a..b.com/",
)

_UNICODE = (
    "http://bücher.de/",
    "http://аррӏе.com/",  # Cyrillic look-alike of apple
    "http://рaypal.com/",  # one Cyrillic letter
    "http://good.com。evil.com/",  # ideographic full stop
    "http://good.com．evil.com/",  # fullwidth full stop
    "http://good.com｡evil.com/",  # halfwidth ideographic full stop
    "http://good.com\u200b/",  # zero-width space
    "http://good.com\u2060/",  # word joiner
    "http://good.com\ufeff/",  # zero-width no-break space
    "http://a\u00ad.com/",  # soft hyphen
    "http://\u202eevil.com/",  # right-to-left override
    "http://good.com\u3002/",
    "http://ⓔⓥⓘⓛ.ⓒⓞⓜ/",
    "http://ℯxample.com/",
    "http://example.com／evil.com/",  # fullwidth solidus
    "http://good.com＃@evil.com/",  # fullwidth number sign
    "http://faß.de/",
    "http://straße.de/",
    "http://ﬁ.com/",
    "http://ß.de/",
    "http://\u0663.com/",
    "http://\u0663a.com/",  # (bidi rule: a digit of one direction, a letter of the other)
)

_CONTROLS = (
    # whitespace and controls where they split or end a URL
    "http://ev\til.com/",
    "http://ev\nil.com/",
    "http://evil.com\t/",
    "http://good.com /",
    "http://good .com/",
    "http://good.com\r\n.evil.com/",
    "http://good.com/a\r\nX: 1",
    "http://good.com/%0d%0aX:%201",
    "http://good.com/\t",
    "http://good.com/\x7f",
    "http://good.com/\x00",
    "http://good.com\x00.evil.com/",
    "http://good.com/\n",
    "http://good.com/a b",
    "http://187.90.188.225/a b/c",
    "http://good.com/?q=a b",
    "http://good.com/#a b",
    "http://example.com <x>/",
    "http://example.com/a b\\@evil.com/",
)

_PATHS = (
    # what the path may hold
    "http://good.com/é",
    "http://good.com/?é",
    "http://good.com/#é",
    "http://good.com/a%",
    "http://good.com/%00",
    "http://good.com/%G1",
    "http://good.com/%0G",
    "http://faq.post.net/<script>",
    'http://example.com/a"b{c}|d^e`f?q=<1>#%',
    "http://Example.COM/caf%C3%A9",
    "http://good.com/../../etc/passwd",
    "http://good.com/./a/../b",
    "http://good.com/%2e%2e/a",
    "http://good.com//evil.com/",
    "http://good.com/?@evil.com",
    "http://good.com/#@evil.com",
    "http://good.com?@evil.com/",
)

_SCHEMES = (
    # schemes the HTTP libraries do not fetch
    "ftp://good.com/",
    "ftp://user@example.com/",
    "gopher://good.com/",
    "ws://good.com/",
    "wss://good.com/",
    "file:///etc/passwd",
    "mailto:a@b.c",
    "javascript:alert(1)",
    "data:text/html,x",
    "httpx://good.com/",
    "http+unix://%2Ftmp%2Fs/",
)

TRICKY_URLS: tuple[str, ...] = (
    _USERINFO + _SLASHES + _PORTS + _IPV4 + _IPV6 + _NAMES + _UNICODE + _CONTROLS + _PATHS
) + _SCHEMES
"""Each once, in the order of the groups above."""
