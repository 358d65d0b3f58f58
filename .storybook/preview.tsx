import 'ibv-kit/styles.css'
import type { Preview } from '@storybook/react-vite'
import { StoryProviders } from '../stories/providers.tsx'

const preview: Preview = {
  tags: ['autodocs'],
  parameters: {
    // Any accessibility violation fails the story's test.
    a11y: { test: 'error' },
    layout: 'padded',
    // The sidebar in reading order: what ibv-kit is, the provider, the hooks, the components.
    options: {
      storySort: {
        order: [
          'Introduction',
          'IbvProvider',
          'Hooks',
          ['useIbvReport', 'useConnectWidget', 'useRefreshReport', 'useIbvEvents'],
          'Components',
          ['EmbeddedReport', 'ReportView', 'ReportStatusBadge', 'ConnectButton', 'ReconnectPrompt', 'RefreshReportButton'],
        ],
      },
    },
  },
  decorators: [(Story, context) => <StoryProviders fetchers={context.parameters.fetchers}>{Story()}</StoryProviders>],
}

export default preview
