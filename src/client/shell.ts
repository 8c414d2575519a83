// The one script every page loads: overlay, link prefetch, analytics and the account menu.
import { installAccountMenu } from './account-menu';
import { installAnalytics } from './analytics';
import { installOverlay } from './overlay';
import { installPrefetch } from './prefetch';

installOverlay();
installPrefetch();
installAnalytics();
void installAccountMenu();
