import '@xyflow/react/dist/style.css';
import { Background, Controls, type Edge, MarkerType, type Node, ReactFlow } from '@xyflow/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorStep } from '../step-model';

/**
 * The process as a diagram (React Flow, loaded only when the Diagram tab opens): a node per step
 * in the order of the list, an edge for each next step (solid), conditional route (dashed,
 * labelled) and return (red). The list of the Steps tab is its text alternative.
 */
export function ProcessDiagram({ steps }: { steps: readonly EditorStep[] }) {
  const { t } = useTranslation('processes');
  const { nodes, edges } = useMemo(() => {
    const nodes: Node[] = steps.map((step, index) => ({
      id: step.key,
      position: { x: 0, y: index * 120 },
      data: { label: `${index + 1}. ${step.name}` },
      // 'default' nodes have both handles: React Flow drops an edge into an 'input' node (no
      // target handle) or out of an 'output' node, and returns often go back to the start step.
      type: 'default',
      draggable: true,
      style: {
        width: 240,
        border: `1px solid ${step.is_start ? '#2b8a3e' : '#14213D'}`,
        color: '#14213D',
        fontSize: 14,
      },
    }));
    const keys = new Set(steps.map((s) => s.key));
    const edges: Edge[] = steps.flatMap((step) => [
      ...(step.next_step_key && keys.has(step.next_step_key)
        ? [
            {
              id: `${step.key}-next`,
              source: step.key,
              target: step.next_step_key,
              label: t('diagram.next'),
              markerEnd: { type: MarkerType.ArrowClosed },
            },
          ]
        : []),
      ...step.conditions
        .filter((c) => keys.has(c.next_step_key))
        .map((c, i) => ({
          id: `${step.key}-c${i}`,
          source: step.key,
          target: c.next_step_key,
          label: t('diagram.condition', { n: i + 1 }),
          type: 'smoothstep',
          style: { strokeDasharray: '6 4' },
          markerEnd: { type: MarkerType.ArrowClosed },
        })),
      ...(step.return_step_key && keys.has(step.return_step_key)
        ? [
            {
              id: `${step.key}-return`,
              source: step.key,
              target: step.return_step_key,
              label: t('diagram.return'),
              type: 'smoothstep',
              style: { stroke: '#c92a2a' },
              labelStyle: { fill: '#c92a2a' },
              markerEnd: { type: MarkerType.ArrowClosed, color: '#c92a2a' },
            },
          ]
        : []),
    ]);
    return { nodes, edges };
  }, [steps, t]);

  return (
    <div
      role="figure"
      aria-label={t('diagram.label', { count: steps.length })}
      style={{ height: Math.max(320, steps.length * 120 + 80), border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
      data-testid="process-diagram"
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        fitView
        nodesConnectable={false}
        elementsSelectable={false}
        proOptions={{ hideAttribution: false }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
