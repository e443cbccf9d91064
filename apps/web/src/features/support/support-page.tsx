import { PlaceholderPage } from '../../components/placeholder-page';

/** `{bankId}/support` (a later issue). */
export const SupportPage = () => <PlaceholderPage title="Support" />;
