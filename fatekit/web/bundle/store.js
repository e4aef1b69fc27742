/* fatekit page bundle of sources 5b0fadc48fdd0f618809102e9c08da462d6f763bb220f9ff97ccb51f53a147c8 */
import{E as a,F as b,G as c,H as d,I as e,J as f,K as g,L as h,M as i,N as j}from"./chunk-L3UHNCRN.js";export{a as app,f as errorText,c as notify,g as pressed,d as redraw,e as ruleReason,j as send,i as showError,h as showErrorBeside,b as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
