"""news: and nntp: URLs (RFC 1738 §3.6, §3.7) and the NNTP client that dereferences them,
sans-IO.

* :mod:`.url` — what a news: or nntp: URL asks for, and which server to ask;
* :mod:`.events`, :mod:`.protocol` — commands, replies and the wire state machine
  (RFC 3977, RFC 977);
* :mod:`.session` — the conversation: greeting, capabilities, MODE READER, STARTTLS,
  AUTHINFO, and the group list, overview pages and articles;
* :mod:`.listing`, :mod:`.article` — what the replies hold;
* :mod:`.errors` — the 4xx and 5xx replies as errors a person can act on.
"""

from urlinspector.schemes.nntp.article import Article, Attachment, Header
from urlinspector.schemes.nntp.errors import (
    AccessDenied,
    AuthenticationFailed,
    AuthenticationRequired,
    EncryptionRequired,
    NNTPReplyError,
    NoSuchArticle,
    NoSuchGroup,
    ServiceUnavailable,
)
from urlinspector.schemes.nntp.events import (
    NEED_DATA,
    Command,
    ConnectionClosed,
    Greeting,
    Reply,
)
from urlinspector.schemes.nntp.listing import (
    GroupInfo,
    GroupList,
    GroupStatus,
    OverviewEntry,
    OverviewPage,
)
from urlinspector.schemes.nntp.protocol import ClientState, NNTPConnection
from urlinspector.schemes.nntp.session import (
    DEFAULT_PAGE_SIZE,
    UPGRADE_TLS,
    Credentials,
    Session,
    UpgradeTLS,
)
from urlinspector.schemes.nntp.url import (
    DEFAULT_SERVER,
    InvalidServer,
    NewsTarget,
    ServerAddress,
    choose_server,
    group_url,
    message_id_url,
    news_target,
    nntp_url,
    parse_server,
)

__all__ = [
    "DEFAULT_PAGE_SIZE",
    "DEFAULT_SERVER",
    "NEED_DATA",
    "UPGRADE_TLS",
    "AccessDenied",
    "Article",
    "Attachment",
    "AuthenticationFailed",
    "AuthenticationRequired",
    "ClientState",
    "Command",
    "ConnectionClosed",
    "Credentials",
    "EncryptionRequired",
    "Greeting",
    "GroupInfo",
    "GroupList",
    "GroupStatus",
    "Header",
    "InvalidServer",
    "NNTPConnection",
    "NNTPReplyError",
    "NewsTarget",
    "NoSuchArticle",
    "NoSuchGroup",
    "OverviewEntry",
    "OverviewPage",
    "Reply",
    "ServerAddress",
    "ServiceUnavailable",
    "Session",
    "UpgradeTLS",
    "choose_server",
    "group_url",
    "message_id_url",
    "news_target",
    "nntp_url",
    "parse_server",
]
