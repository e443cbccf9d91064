import { useMutation, useQuery } from '@tanstack/react-query';
import { statementCalls } from '@bank/shared';
import { api } from '../../lib/api-client';

export const statementKeys = {
  list: (username: string) => ['statements', username.toLowerCase()] as const,
};

/** GET /user/statements/{username}: file names `statement-{accountId}-{YYYY-MM}.pdf`, newest first. */
export function useStatements(username: string) {
  return useQuery({
    queryKey: statementKeys.list(username),
    queryFn: ({ signal }) => api.call(statementCalls.list, { params: { username }, signal }),
  });
}

/** Saves a Blob under `fileName` through a temporary object URL and a link with a download attribute. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /user/statements/download/{fileName} with the bearer token, saved under the file's own name. */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: async (fileName: string) => {
      const blob = await api.call(statementCalls.download, { params: { fileName } });
      saveBlob(blob, fileName);
      return fileName;
    },
  });
}
