"""HTTP routes, one module per resource."""

from services.gateway.routes.cache import CacheController
from services.gateway.routes.conversations import ConversationController
from services.gateway.routes.documents import DocumentController
from services.gateway.routes.health import HealthController
from services.gateway.routes.invocations import InvocationController
from services.gateway.routes.messages import MessageController
from services.gateway.routes.models import ModelController
from services.gateway.routes.personas import PersonaController
from services.gateway.routes.skills import SkillController
from services.gateway.routes.sources import SourceController
from services.gateway.routes.tenant import TenantController
from services.gateway.routes.usage import BudgetController, UsageController

__all__ = ["ROUTES"]

ROUTES = [
    ConversationController,
    MessageController,
    InvocationController,
    DocumentController,
    TenantController,
    PersonaController,
    SkillController,
    SourceController,
    HealthController,
    CacheController,
    ModelController,
    UsageController,
    BudgetController,
]
