import 'ibv-kit/styles.css'
import type { Preview } from '@storybook/react-vite'
import { StoryProviders, storyLocale } from '../stories/providers.tsx'
import { startStorySandbox } from './sandbox.ts'

const preview: Preview = {
  tags: ['autodocs'],
  // The sandbox and the backend the stories talk to, in this page (./sandbox.ts), before any story.
  beforeAll: startStorySandbox,
  // The language of every story's components: English (built in), or a pack.
  globalTypes: {
    locale: {
      description: 'The components’ language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'es', title: 'Español' },
          { value: 'fr-CA', title: 'Français (Canada)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
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
          [
            'EmbeddedReport',
            'ReportView',
            'ReportStatusBadge',
            'ConnectButton',
            'ReconnectPrompt',
            'InviteBorrowerButton',
            'RefreshReportButton',
          ],
        ],
      },
    },
  },
  // A docs page renders all of a component's stories at once: one live stream each would take
  // every HTTP/1.1 connection the browser allows per host (six), and the page's token and report
  // requests would wait for good. There the reports poll instead; a story alone streams.
  decorators: [
    (Story, context) => (
      <StoryProviders
        fetchers={context.parameters.fetchers}
        live={context.viewMode !== 'docs'}
        locale={storyLocale(context.globals)}
      >
        {Story()}
      </StoryProviders>
    ),
  ],
}

export default preview
