import { PlaceholderPage } from '../../components/placeholder-page';

/** `documents/statements` (a later issue); only a Student reaches it, others go home (spec §6). */
export const StatementsPage = () => <PlaceholderPage title="Statements" />;
