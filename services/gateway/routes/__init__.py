"""HTTP routes, one module per resource."""

from services.gateway.routes.conversations import ConversationController
from services.gateway.routes.documents import DocumentController
from services.gateway.routes.health import HealthController
from services.gateway.routes.invocations import InvocationController
from services.gateway.routes.messages import MessageController
from services.gateway.routes.models import ModelController
from services.gateway.routes.usage import BudgetController, UsageController

__all__ = ["ROUTES"]

ROUTES = [
    ConversationController,
    MessageController,
    InvocationController,
    DocumentController,
    HealthController,
    ModelController,
    UsageController,
    BudgetController,
]
