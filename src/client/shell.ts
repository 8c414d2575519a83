// The one script every page loads: overlay, link prefetch, analytics, the account menu and the
// Romanian file pickers' chosen-file line.
import { installAccountMenu } from './account-menu';
import { installAnalytics } from './analytics';
import { installFilePickers } from './file-pick';
import { installOverlay } from './overlay';
import { installPrefetch } from './prefetch';

installOverlay();
installPrefetch();
installAnalytics();
installFilePickers();
void installAccountMenu();
