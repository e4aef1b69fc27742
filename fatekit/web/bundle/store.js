/* fatekit page bundle of sources 8e5bb127a18ed746387b980210b48965f9d5b4ae53139599948611bae2dd6bec */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-KUJAT6PR.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
