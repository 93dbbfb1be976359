"""HTTP routes, one module per resource."""

from services.gateway.routes.cache import CacheController
from services.gateway.routes.conversations import ConversationController
from services.gateway.routes.documents import DocumentController
from services.gateway.routes.health import HealthController
from services.gateway.routes.invocations import InvocationController
from services.gateway.routes.messages import MessageController

__all__ = ["ROUTES"]

ROUTES = [
    ConversationController,
    MessageController,
    InvocationController,
    DocumentController,
    HealthController,
    CacheController,
]
