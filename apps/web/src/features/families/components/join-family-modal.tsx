import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { EnterCodeForm } from './enter-code-form.tsx';
import { SearchFamiliesPanel } from './search-families-panel.tsx';

type JoinOptionsProps = {
  /** `select`: multi-select and Join Selected; `request`: Request to Join per family. */
  searchMode: 'select' | 'request';
  onJoined: () => void;
  onRequestsSent?: () => void;
};

/** The two tabs both join dialogs share: Enter Code and Search Family (spec section 2). */
function JoinOptions({ searchMode, onJoined, onRequestsSent }: JoinOptionsProps) {
  // One answer for both tabs: it goes with a code join and with join requests alike.
  const [relationship, setRelationship] = useState('');
  return (
    <Tabs defaultValue="code">
      <TabsList aria-label="How to join">
        <TabsTrigger value="code">Enter Code</TabsTrigger>
        <TabsTrigger value="search">Search Family</TabsTrigger>
      </TabsList>
      <TabsContent value="code">
        <EnterCodeForm relationship={relationship} onRelationshipChange={setRelationship} onJoined={onJoined} />
      </TabsContent>
      <TabsContent value="search">
        <SearchFamiliesPanel
          mode={searchMode}
          relationship={relationship}
          onRelationshipChange={setRelationship}
          {...(onRequestsSent ? { onRequestsSent } : {})}
        />
      </TabsContent>
    </Tabs>
  );
}

/**
 * Join Your Family: what a grandparent sees right after signing up. Closing it in any way (Skip for
 * Now, a join, requests sent, Escape) calls `onClose`, which moves on to the dashboard.
 */
export function JoinFamilyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Join Your Family"
      description="Enter the family code a parent shared with you, or find your family by name and ask to join."
    >
      <JoinOptions searchMode="select" onJoined={onClose} onRequestsSent={onClose} />
      <div className="mt-6 flex justify-end border-t border-line pt-4">
        <Button variant="ghost" onClick={onClose} className="mobile:w-full">
          Skip for Now
        </Button>
      </div>
    </Modal>
  );
}

/** Find Families on the reader dashboard: the same tabs, with Request to Join per family. */
export function FindFamiliesModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Find Families"
      description="Join a family with its code, or find it by name and ask to join. The family's admin approves requests."
    >
      <JoinOptions searchMode="request" onJoined={() => onOpenChange(false)} />
    </Modal>
  );
}
